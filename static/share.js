// The room link's Copy and Share buttons on the friends pages, fetched by each friends page once
// it has loaded (a few lines in its HTML; the file sits at the site's root, beside sound.js): a
// few lines here instead of the Clipboard and Web Share bindings in the page's wasm, which has no
// room for them. The page (src/ui/friends/lobby.rs) draws the buttons:
// `data-copy` and `data-share` name the field that holds the link, and the status in the same
// `.field` (`data-copied`) is this script's to fill.
addEventListener('click', function (e) {
  var b = e.target.closest && e.target.closest('[data-copy],[data-share]');
  if (!b) return;
  var field = document.getElementById(b.dataset.copy || b.dataset.share);
  if (!field) return;
  var url = field.value;
  var box = b.closest('.field');
  var told = box && box.querySelector('[data-copied]');
  var say = function (text) {
    if (!told) return;
    told.textContent = text;
    clearTimeout(told.t);
    told.t = setTimeout(function () { told.textContent = ''; }, 4000);
  };
  // The clipboard refused (no permission, an insecure page): the link is selected for the
  // player's own copy.
  var select = function () {
    field.focus();
    field.select();
    say('Selected: copy it with your device\'s Copy');
  };
  if (b.dataset.share) {
    // A share the player cancels is no error to show.
    navigator.share({ title: document.title, url: url }).catch(function () {});
  } else if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(url).then(function () { say('Copied'); }, select);
  } else {
    select();
  }
});
