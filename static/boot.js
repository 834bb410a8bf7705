// Every page's first lines, inlined into each page's HTML by trunk (rel="inline"). The site's
// root is where the page's manifest is, so the same lines serve /, /play/ and /friends/uno/, at
// the site's root or under a GitHub Pages subpath.
addEventListener('load', function () {
  var root = document.querySelector('link[rel=manifest]').href.replace(/[^/]*$/, '');
  var page = document.documentElement;
  // Offline play: the service worker caches every built file (see static/sw.js).
  if ('serviceWorker' in navigator) navigator.serviceWorker.register(root + 'sw.js').catch(function () {});
  // Modules of their own, fetched once the page has loaded, never part of its first load: a
  // table's sounds and the game's name in the tab (static/sound.js), where the page says
  // data-sounds; Copy and Share for a result line or a room link (static/share.js, so the wasm
  // has no Clipboard or Web Share bindings), where it says data-sharing (not data-share, which
  // names a Share button's field there).
  function load(file) {
    var s = document.createElement('script');
    s.type = 'module';
    s.src = root + file;
    document.head.append(s);
  }
  if (page.hasAttribute('data-sounds')) load('sound.js');
  if (page.hasAttribute('data-sharing')) load('share.js');
});
