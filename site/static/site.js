/* Tap a card of an example hand: show whether it may be played, and why.
   The verdicts are computed at build time and listed in each example's
   <details class="verdicts">; this only copies the tapped card's line into the
   example's status line. Without JavaScript the list is still there. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function show(button) {
    var example = button.closest(".example");
    if (!example) { return; }
    var code = button.getAttribute("data-card");
    var item = example.querySelector('.verdicts li[data-card="' + code + '"]');
    var out = example.querySelector(".verdict-out");
    if (!item || !out) { return; }
    var legal = item.classList.contains("legal");
    out.textContent = item.textContent.trim();
    out.className = "verdict-out " + (legal ? "legal" : "illegal");
    out.hidden = false;
    var buttons = example.querySelectorAll(".hand button[data-card]");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute("aria-pressed", buttons[i] === button ? "true" : "false");
    }
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    var button = target && target.closest ? target.closest(".hand button[data-card]") : null;
    if (button) { show(button); }
  });
})();
