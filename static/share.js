// The Copy and Share buttons, a module fetched by each page that has them once it has loaded
// (static/boot.js, where the page says data-sharing; the file sits at the site's root, beside
// sound.js): a few lines here instead of the Clipboard and Web Share bindings in the pages'
// wasm, which has no room for them. The pages
// draw the buttons: `data-copy` and `data-share` name the field that holds a room link
// (src/ui/friends/lobby.rs), `data-share-text` the field that holds a daily result line
// (src/ui/daily.rs), and the status in the same `.field` (`data-copied`) is this script's to fill.
addEventListener('click', function (e) {
  var b = e.target.closest && e.target.closest('[data-copy],[data-share],[data-share-text]');
  if (!b) return;
  var field = document.getElementById(b.dataset.copy || b.dataset.share || b.dataset.shareText);
  if (!field) return;
  var value = field.value;
  var box = b.closest('.field');
  var told = box && box.querySelector('[data-copied]');
  var say = function (text) {
    if (!told) return;
    told.textContent = text;
    clearTimeout(told.t);
    told.t = setTimeout(function () { told.textContent = ''; }, 4000);
  };
  // The clipboard refused (no permission, an insecure page): the text is selected for the
  // player's own copy.
  var select = function () {
    field.focus();
    field.select();
    say('Selected: copy it with your device\'s Copy');
  };
  var copy = function () {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(value).then(function () { say('Copied'); }, select);
    } else {
      select();
    }
  };
  if (b.dataset.shareText) {
    // A result line: shared as text where the browser shares (phones), else copied. A share the
    // player cancels is no error, and nothing else is done; a share refused is copied instead.
    if (navigator.share) {
      navigator.share({ text: value }).then(function () { say('Shared'); }, function (err) {
        if (!err || err.name !== 'AbortError') copy();
      });
    } else {
      copy();
    }
  } else if (b.dataset.share) {
    // A share the player cancels is no error to show.
    navigator.share({ title: document.title, url: value }).catch(function () {});
  } else {
    copy();
  }
});
