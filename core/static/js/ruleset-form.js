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
})();
