/* Practise on an example hand, keep the #anchor when switching language.

   A hand ([data-question]) starts neutral: its cards are plain chips and the answer
   waits in a closed <details class="answer"> (that is all a reader without JavaScript
   gets). This script turns the chips into buttons; a tap reveals that card's verdict,
   copied from the answer's list (computed by the rules engine at build time, in the
   page's language), and "Show the answer" reveals every card and opens the answer.
   On the Practice page the first tap on each hand counts towards the score, kept in
   the page only. No storage, no requests. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function verdictItem(block, code) {
    return block.querySelector('.verdicts li[data-card="' + code + '"]');
  }

  function reveal(block, button) {
    var item = verdictItem(block, button.getAttribute("data-card"));
    if (!item || button.classList.contains("revealed")) { return item; }
    var legal = item.classList.contains("legal");
    button.classList.add("revealed", legal ? "legal" : "illegal");
    var mark = document.createElement("span");
    mark.className = "mark";
    mark.setAttribute("aria-hidden", "true");
    mark.textContent = legal ? "\u2713" : "\u2717";
    button.appendChild(mark);
    var state = block.getAttribute(legal ? "data-allowed" : "data-not-allowed");
    var sr = button.querySelector(".sr");
    if (sr && state) { sr.textContent = sr.textContent + ", " + state; }
    return item;
  }

  function score(block, legal) {
    var board = document.querySelector(".practice-score");
    if (!board || block.hasAttribute("data-tried")) { return; }
    block.setAttribute("data-tried", legal ? "right" : "wrong");
    var right = document.querySelectorAll('[data-tried="right"]').length;
    var tried = document.querySelectorAll("[data-tried]").length;
    board.querySelector("[data-score=right]").textContent = String(right);
    board.querySelector("[data-score=tried]").textContent = String(tried);
  }

  function tap(block, button) {
    var item = reveal(block, button);
    var out = block.querySelector(".verdict-out");
    if (!item || !out) { return; }
    var legal = item.classList.contains("legal");
    var reason = block.querySelector((legal ? ".why-legal" : ".why-illegal") + " .reason");
    out.textContent = item.textContent.trim() + (reason ? " " + reason.textContent.trim() : "");
    out.className = "verdict-out " + (legal ? "legal" : "illegal");
    var buttons = block.querySelectorAll(".hand button[data-card]");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute("aria-pressed", buttons[i] === button ? "true" : "false");
    }
    score(block, legal);
  }

  function showAnswer(block) {
    var buttons = block.querySelectorAll(".hand button[data-card]");
    for (var i = 0; i < buttons.length; i++) { reveal(block, buttons[i]); }
    var answer = block.querySelector("details.answer");
    if (answer) { answer.open = true; }
    block.setAttribute("data-tried", block.getAttribute("data-tried") || "shown");
  }

  function makeButtons(block) {
    var chips = block.querySelectorAll(".hand > li > .card[data-card]");
    for (var i = 0; i < chips.length; i++) {
      var chip = chips[i];
      var button = document.createElement("button");
      button.type = "button";
      button.className = chip.className;
      button.setAttribute("data-card", chip.getAttribute("data-card"));
      button.setAttribute("aria-pressed", "false");
      while (chip.firstChild) { button.appendChild(chip.firstChild); }
      chip.parentNode.replaceChild(button, chip);
    }
    var show = block.querySelector(".show-answer");
    if (show) { show.hidden = false; }
  }

  function keepAnchor() {
    var links = document.querySelectorAll(".languages a[href]");
    for (var i = 0; i < links.length; i++) {
      var href = links[i].getAttribute("href").split("#")[0];
      links[i].setAttribute("href", href + window.location.hash);
    }
  }

  var blocks = document.querySelectorAll("[data-question]");
  for (var i = 0; i < blocks.length; i++) { makeButtons(blocks[i]); }
  keepAnchor();
  window.addEventListener("hashchange", keepAnchor);

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest) { return; }
    var block = target.closest("[data-question]");
    if (!block) { return; }
    var button = target.closest(".hand button[data-card]");
    if (button) { tap(block, button); return; }
    if (target.closest(".show-answer")) { showAnswer(block); }
  });
})();
