// What site.json says about the games (their titles, options, seats and words), asked by a
// game spec.  No rules: the engine has them.
import { getLanguage, t } from "./i18n.js";
import { specName, specOptions } from "./spec.js";
import { GameTexts } from "./texts.js";

// The site's description of the game a spec names ("havannah(size=8)": Havannah's), or null.
export function gameInfo(site, spec) {
  const name = specName(String(spec));
  return (site && site.games.find((g) => g.name === name)) || null;
}

// The words of the game a spec names, in the page's language or the one asked for.
export function gameWords(site, spec, lang = getLanguage()) {
  return new GameTexts(site, specName(String(spec)), lang);
}

// The first game of the menu: it opens when nothing else is asked for.
export function defaultGame(site) {
  return site.games[0].name;
}

// Whether the rules of the game a spec names can end it drawn (an agreed draw included).
export function drawsPossible(site, spec) {
  const info = gameInfo(site, spec);
  return !(info && info.no_draws);
}

export function sealsPlies(site, spec) {
  const info = gameInfo(site, spec);
  return Boolean(info && info.sealed_plies);
}

// "Havannah (size=8)": the game's title and the options as written.
export function gameTitle(site, spec) {
  const info = gameInfo(site, spec);
  return info ? `${info.title} ${spec.includes("(") ? spec.slice(spec.indexOf("(")) : ""}`.trim() : spec;
}

// A side's name in the game a spec names ("White", "Bianco").
export function sideName(site, spec, side) {
  return gameWords(site, spec).player(side);
}

// An option's value in a spec's options ({key: text}), or its default, as the option's kind.
export function optionValue(option, given) {
  if (!Object.hasOwn(given, option.name)) return option.default;
  const text = given[option.name];
  if (option.kind === "bool") return text === "true";
  return option.kind === "int" ? Number(text) : text;
}

// The game and the options it is played with, for the header: the board size always, the
// other options when they differ from their default, each with its label ("Black" alone
// would not say that Black begins).
export function gameHeading(site, spec) {
  const info = gameInfo(site, spec);
  if (!info) return "";
  const words = gameWords(site, spec);
  const given = specOptions(spec);
  const parts = [info.title];
  for (const option of info.options.filter((o) => !o.hidden)) {
    const value = String(optionValue(option, given));
    if (option.name !== "size" && value === String(option.default)) continue;
    if (option.kind === "bool") parts.push(value === "true" ? words.option(option.name) : `${words.option(option.name)}: ${t("no")}`);
    else if (option.kind === "choice") parts.push(option.name === "size" ? words.option(option.name, value) : `${words.option(option.name)}: ${words.option(option.name, value)}`);
    // a number in the game's words ("8×8", "4 giocatori"), else "label: value" without the hint
    else parts.push(words.text(`option.${option.name}.header`, { value }, `${words.option(option.name).replace(/\s*\(.*\)$/, "")}: ${value}`));
  }
  return parts.join(" · ");
}
