// The New game dialog: the game and its options, who sits at each seat, or a game with a
// friend at a distance (the two names and this browser's side).
import { showSend, startCorrespondence } from "./correspondence.js";
import { defaultGame, gameInfo, gameWords, optionValue } from "./games.js";
import { errorText, getLanguage, t } from "./i18n.js";
import { MAX_SEATS, savePlayers } from "./prefs.js";
import { $ } from "./room.js";
import { fitSeats, playerText, readPlayer } from "./seats.js";
import { boardKey, startGame } from "./session.js";
import { specName, specOptions, writeSpec } from "./spec.js";
import { vocabulary } from "./vocabulary.js";

export function bindNewGame(room) {
  $("new-game").addEventListener("click", () => openNewGameDialog(room));
  $("corr-choice").addEventListener("change", showCorrespondenceFields);
  $("new-game-form").addEventListener("submit", (event) => {
    if (event.submitter && event.submitter.value !== "start") return;
    startFromForm(room);
  });
}

const SELECT_LIMIT = 12;  // an integer option with more values than this is typed, not listed

function optionControl(words, option, value) {
  const label = document.createElement("label");
  const caption = document.createElement("span");
  caption.textContent = words.option(option.name);
  let input;
  if (option.kind === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(value);
    label.className = "check";
  } else if (option.kind === "int" && option.high - option.low >= SELECT_LIMIT) {
    // A wide range (a limit of plies) is typed: a list could only offer a few of its values.
    input = document.createElement("input");
    Object.assign(input, { type: "number", min: option.low, max: option.high, step: 1, value: String(value) });
    input.inputMode = "numeric";
    input.addEventListener("change", () => { input.value = String(intValue(option, input.value)); });
  } else {
    input = document.createElement("select");
    const values = option.kind === "int"
      ? Array.from({ length: option.high - option.low + 1 }, (_, i) => option.low + i)
      : option.choices;
    for (const wanted of [option.default, value]) {
      if (option.kind === "int" && !values.includes(wanted)) values.push(wanted);
    }
    if (option.kind === "int") values.sort((a, b) => a - b);
    for (const v of values) {
      const text = option.kind === "choice" ? words.option(option.name, v) : String(v);
      input.append(new Option(text, String(v), false, String(v) === String(value)));
    }
  }
  input.name = option.name;
  label.append(caption, input);
  return label;
}

function playerChoices(select, player) {
  const choices = [new Option(t("person"), "human")];
  for (const level of vocabulary().levels) choices.push(new Option(t("computer", { level }), `ai:${level}`));
  select.replaceChildren(...choices);
  select.value = playerText(player);
}

function openNewGameDialog(room) {
  const { table, site } = room;
  const gameChoice = $("game-choice");
  gameChoice.replaceChildren(...site.games.map((g) => new Option(g.title, g.name)));
  // the game on screen: while a record is being opened, its prebuilt board's
  const current = (table.opening && table.view && table.view.game) || table.game || defaultGame(site);
  gameChoice.value = boardKey(room, current) ? specName(current) : defaultGame(site);
  const fillOptions = () => {
    const info = gameInfo(site, gameChoice.value);
    const words = gameWords(site, info.name);
    const options = info.options.filter((o) => !o.hidden);  // safety limits, say
    // The game on the table offers its own options again; another game offers its defaults.
    const given = specName(current) === info.name ? specOptions(current) : {};
    $("options").replaceChildren(...options.map((o) => optionControl(words, o, optionValue(o, given))));
    const showSeats = () => {
      const count = seatCount(info);
      for (let side = 0; side < MAX_SEATS; side++) {
        $(`seat-${side}`).textContent = words.player(side);
        $(`seat-${side}`).parentElement.hidden = side >= count;
      }
      offerCorrespondence(count === 2);
    };
    const seatsOption = seatsControl(info);
    if (seatsOption) seatsOption.onchange = showSeats;
    showSeats();
    const chosen = $("corr-side").value || "0";
    $("corr-side").replaceChildren(...[0, 1].map((side) => new Option(words.player(side), String(side))));
    $("corr-side").value = chosen;
  };
  gameChoice.onchange = fillOptions;
  fillOptions();
  const seats = fitSeats(table.players, MAX_SEATS);
  for (let side = 0; side < MAX_SEATS; side++) playerChoices(seatChoice(side), seats[side]);
  try { $("corr-name").value = $("corr-name").value || localStorage.getItem("tavoliere.name") || ""; } catch { /* no name kept */ }
  // a game by link is chosen afresh each time: the last one's friend is not the next game's
  $("corr-choice").checked = false;
  $("corr-friend").value = "";
  showCorrespondenceFields();
  $("new-game-dialog").showModal();
}

// The choice of who plays a seat in the New game dialog.
function seatChoice(side) {
  return $(["white-choice", "black-choice", "seat2-choice", "seat3-choice"][side]);
}

// The dialog's control of the option that sets how many players sit (none: a fixed count).
function seatsControl(info) {
  return info.players_option ? $("options").querySelector(`[name="${info.players_option}"]`) : null;
}

// How many players the dialog's game seats: its players option as chosen, or its own count.
function seatCount(info) {
  const chosen = seatsControl(info);
  return chosen ? Number(chosen.value) : info.players;
}

// A link joins two players, never three or four.  Dice and sealed moves go by link through
// web/fairlink.js, hidden pieces through web/hiddenlink.js.
function offerCorrespondence(twoSeats) {
  $("corr-choice").disabled = !twoSeats;
  if (!twoSeats) $("corr-choice").checked = false;
  $("corr-seats").hidden = twoSeats;
  showCorrespondenceFields();
}

// "Play with a friend at a distance": the two names and this browser's side instead of the
// players' choices.
function showCorrespondenceFields() {
  const far = $("corr-choice").checked;
  $("corr-fields").hidden = !far;
  $("local-players").hidden = far;
  $("corr-name").required = $("corr-friend").required = far;
}

async function startFromForm(room) {
  const spec = specFromForm(room);
  room.say("");
  if (!$("corr-choice").checked) {
    const count = seatCount(gameInfo(room.site, spec));
    const players = Array.from({ length: count }, (_, side) => readPlayer(seatChoice(side).value));
    savePlayers(players);
    startGame(room, spec, [], null, { players });
    return;
  }
  const side = Number($("corr-side").value);
  const you = $("corr-name").value;
  const friend = $("corr-friend").value;
  try { localStorage.setItem("tavoliere.name", you.trim()); } catch { /* for this visit */ }
  try {
    await startCorrespondence(room, { game: spec, side, names: side === 0 ? [you, friend] : [friend, you] });
    showSend(room, true);
  } catch (error) {
    room.say(t("corr.not-started", { detail: errorText(error, getLanguage()) }));
  }
}

// A typed number kept within the option's range; an empty or garbled box means the default.
function intValue(option, text) {
  const n = Math.round(Number(text));
  if (text.trim() === "" || !Number.isFinite(n)) return option.default;
  return Math.min(option.high, Math.max(option.low, n));
}

function specFromForm(room) {
  const name = $("game-choice").value;
  const info = gameInfo(room.site, name);
  const options = {};
  for (const option of info.options) {
    const input = $("options").querySelector(`[name="${option.name}"]`);
    if (!input) continue;
    const value = option.kind === "bool" ? input.checked : (option.kind === "int" ? intValue(option, input.value) : input.value);
    if (value !== option.default) options[option.name] = option.kind === "bool" ? String(value) : value;
  }
  return writeSpec(name, options);
}
