// The settings: the theme (and the light board of a printout), the language, confirming
// every tap, the winning-chance bar, sounds, the cells' names, quick start (the engine's
// snapshot), the cores the computer thinks with (the pool, pool.js) and the game's rules.
import { defaultGame } from "./games.js";
import { getLanguage, setLanguage, translatePage } from "./i18n.js";
import { showStage } from "./loading.js";
import { readCoresSetting, saveCoresSetting } from "./pool.js";
import { saveFlag } from "./prefs.js";
import { $ } from "./room.js";
import { showDiagrams } from "./rulesview.js";
import { useTexts } from "./session.js";
import { setSnapshots, snapshotSetting } from "./snapshot.js";
import { drawWinBar } from "./strip.js";

const darkScheme = window.matchMedia("(prefers-color-scheme: dark)");

export function bindSettings(room) {
  const { board, sounds } = room;
  $("theme").addEventListener("change", () => {
    try { localStorage.setItem("tavoliere.theme", $("theme").value); } catch { /* for this visit */ }
    applyTheme(room);
  });
  darkScheme.addEventListener("change", () => applyTheme(room));
  // A printout is black on white: the board is drawn light for it, then in the theme again.
  window.addEventListener("beforeprint", () => { document.documentElement.dataset.theme = "light"; board.draw(); });
  window.addEventListener("afterprint", () => applyTheme(room));
  $("confirm-taps").checked = room.confirmAll;
  $("confirm-taps").addEventListener("change", () => {
    room.confirmAll = $("confirm-taps").checked;
    saveFlag("tavoliere.confirm", room.confirmAll);
  });
  $("win-bar-on").checked = room.winBar;
  $("win-bar-on").addEventListener("change", () => {
    room.winBar = $("win-bar-on").checked;
    saveFlag("tavoliere.winbar", room.winBar);
    drawWinBar(room);
  });
  $("sound-on").checked = sounds.on;
  $("sound-on").addEventListener("change", () => {
    sounds.set($("sound-on").checked);
    saveFlag("tavoliere.sound", sounds.on);
  });
  $("coordinates").addEventListener("change", () => {
    board.showLabels = $("coordinates").checked;
    board.draw();
  });
  $("quick-start").checked = snapshotSetting();
  $("quick-start").addEventListener("change", () => setSnapshots($("quick-start").checked));
  bindCores(room);
  $("rules").addEventListener("click", () => showRules(room));
  $("language").addEventListener("click", () => {
    setLanguage(getLanguage() === "it" ? "en" : "it");
    translatePage();
    useTexts(room, room.texts.info ? room.texts.info.name : defaultGame(room.site));
    showStage(room, room.stage, "");
  });
}

// "all", or 1 to the device's cores; a new choice frees the pool, started again at its new
// size by the computer's next search.
function bindCores(room) {
  const select = $("cores");
  const cores = navigator.hardwareConcurrency || 1;
  for (let n = 1; n <= cores; n++) select.append(new Option(String(n), String(n)));
  const chosen = readCoresSetting();
  select.value = chosen && chosen <= cores ? String(chosen) : "";
  select.addEventListener("change", () => {
    saveCoresSetting(Number(select.value) || null);
    room.engine.pool.free();
  });
}

export function applyTheme(room) {
  let choice = "auto";
  try { choice = localStorage.getItem("tavoliere.theme") || "auto"; } catch { /* the default */ }
  $("theme").value = choice;
  const dark = choice === "dark" || (choice === "auto" && darkScheme.matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  room.board.draw();
}

function showRules(room) {
  $("rules-title").textContent = room.texts.title;
  $("rules-text").replaceChildren(...room.texts.rules().map((text) => {
    const paragraph = document.createElement("p");
    paragraph.textContent = text;
    return paragraph;
  }));
  $("rules-dialog").showModal();
  showDiagrams(room);
}
