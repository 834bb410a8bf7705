// Every page's first lines, inlined into each page's HTML by trunk (rel="inline"). The site's
// root is where the page's manifest is, so the same lines serve /, /play/ and /friends/uno/, at
// the site's root or under a GitHub Pages subpath.
addEventListener('load', function () {
  var root = document.querySelector('link[rel=manifest]').href.replace(/[^/]*$/, '');
  // Offline play: the service worker caches every built file (see static/sw.js).
  if ('serviceWorker' in navigator) navigator.serviceWorker.register(root + 'sw.js').catch(function () {});
  // A table's sounds, and the game's name in the tab (static/sound.js): a module of their own,
  // fetched once the page has loaded, never part of its first load. A table says data-sounds.
  if (document.documentElement.hasAttribute('data-sounds')) {
    var s = document.createElement('script');
    s.type = 'module';
    s.src = root + 'sound.js';
    document.head.append(s);
  }
});
