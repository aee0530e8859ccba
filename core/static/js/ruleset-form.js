// The rules part of a form with a preset choice (games/forms.py RulesetOptionsMixin):
// choosing a preset fills the option fields with its rules; editing an option switches
// the choice to "Custom rules", so what the form shows is what will be played.
(function () {
  var data = document.getElementById("ruleset-presets");
  var form = data && data.closest("form");
  if (!form || !form.elements.preset || !form.elements.shown_preset) return;
  var presets = JSON.parse(data.textContent);
  var choice = form.elements.preset;
  var shown = form.elements.shown_preset;
  var details = form.querySelector("details.options");

  function fill(name) {
    var rules = presets[name];
    Object.keys(rules).forEach(function (option) {
      var input = form.elements[option];
      if (!input) return;
      if (input.type === "checkbox") input.checked = rules[option];
      else input.value = rules[option] === null ? "" : rules[option];
    });
    shown.value = name;
  }

  choice.addEventListener("change", function () {
    choice.classList.remove("switched");
    if (presets[choice.value]) fill(choice.value);
    else if (details) details.open = true;
  });

  Object.keys(presets.classic).forEach(function (option) {
    var input = form.elements[option];
    if (!input) return;
    function edited() {
      if (choice.value !== "custom") {
        choice.value = "custom";
        choice.classList.add("switched");
      }
    }
    input.addEventListener("input", edited);
    input.addEventListener("change", edited);
  });

  // The forbidden combinations (games.rules_text.clashes, the engine's own messages): a
  // value that would clash with what is chosen now is disabled, its reason shown under
  // its field. The server refuses a clash all the same, with the same message.
  var clashData = document.getElementById("ruleset-clashes");
  var clashes = clashData ? JSON.parse(clashData.textContent) : [];

  function current(option) {
    var input = form.elements[option];
    if (!input) return null;
    return String(input.type === "checkbox" ? input.checked : input.value);
  }

  function disableClashes() {
    var reasons = {};
    form.querySelectorAll("[data-clash-disabled]").forEach(function (el) {
      el.disabled = false;
      el.removeAttribute("data-clash-disabled");
      el.removeAttribute("title");
      // An option that was idle comes back as it was before (Blind Nil after Mirror).
      if (el.hasAttribute("data-idle-checked")) el.checked = true;
      el.removeAttribute("data-idle-checked");
    });
    clashes.forEach(function (clash) {
      if (current(clash.option) !== String(clash.value)) return;
      if (clash.idle) {
        // It does nothing with what is chosen: shown off (the server plays it as its default).
        var idle = form.elements[clash.other];
        if (!idle) return;
        if (idle.checked) idle.setAttribute("data-idle-checked", "");
        idle.checked = false;
        idle.disabled = true;
        idle.setAttribute("data-clash-disabled", "");
        idle.title = clash.why;
        (reasons[clash.other] = reasons[clash.other] || []).push(clash.why);
        return;
      }
      if (current(clash.other) === String(clash.other_value)) return;  // the server says why
      var input = form.elements[clash.other];
      if (!input) return;
      var target = input.type === "checkbox"
        ? input
        : input.querySelector('option[value="' + String(clash.other_value) + '"]');
      if (!target) return;
      target.disabled = true;
      target.setAttribute("data-clash-disabled", "");
      target.title = clash.why;
      (reasons[clash.other] = reasons[clash.other] || []).push(clash.why);
    });
    form.querySelectorAll("[data-clash-for]").forEach(function (note) {
      var why = reasons[note.dataset.clashFor] || [];
      note.textContent = why.filter(function (w, i) { return why.indexOf(w) === i; }).join(". ");
    });
  }

  // A disabled checkbox is not sent: enable them again so that the form sends what it shows.
  form.addEventListener("submit", function () {
    form.querySelectorAll("input[data-clash-disabled]").forEach(function (el) { el.disabled = false; });
  });
  // Solo has no partners: the seat across is then named for where it sits.
  var across = form.querySelector('label[for="id_seat_2"]');
  function nameAcross() {
    if (!across) return;
    across.textContent = across.textContent.replace(
      /^(Partner|Across)/, current("solo") === "true" ? "Across" : "Partner");
  }

  form.addEventListener("change", disableClashes);
  choice.addEventListener("change", disableClashes);
  form.addEventListener("change", nameAcross);
  choice.addEventListener("change", nameAcross);
  disableClashes();
  nameAcross();
})();
