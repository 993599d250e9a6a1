import english from "./english.js";
import { PageError } from "./errors.js";
import italian from "./italian.js";

// Every text the page shows, in English and Italian.  t(key, params) fills {name} slots;
// text is always set with textContent, never as HTML.  A text that depends on a number has
// one key per plural form, "KEY.one" and "KEY.other", and is asked for as t(KEY, {count}).
const TEXTS = { en: english, it: italian };

export const LANGUAGES = Object.keys(TEXTS);
// The page's language, picked the first time a text is asked for (not on import: a module
// without a page, the table under Node, has no storage or navigator to read).
let language = null;

function pickLanguage() {
  let saved = null;
  try { saved = localStorage.getItem("tavoliere.lang"); } catch { /* storage refused: the browser decides */ }
  if (saved && TEXTS[saved]) return saved;
  const wanted = typeof navigator === "undefined" ? "en" : navigator.language || "en";
  return wanted.toLowerCase().startsWith("it") ? "it" : "en";
}

export function getLanguage() {
  if (language === null) language = pickLanguage();
  return language;
}

export function setLanguage(lang) {
  if (!TEXTS[lang]) return;
  language = lang;
  try { localStorage.setItem("tavoliere.lang", lang); } catch { /* kept for this visit only */ }
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

// The key of the plural form that `count` takes in `lang` ("imported.one" for 1 in English and
// Italian, "imported.other" otherwise), or `key` itself when it has no plural forms.
export function plural(key, count, lang = getLanguage()) {
  if (typeof count !== "number") return key;
  const form = `${key}.${new Intl.PluralRules(lang).select(count)}`;
  const table = TEXTS[lang] || TEXTS.en;
  if (form in table || form in TEXTS.en) return form;
  return `${key}.other` in table ? `${key}.other` : key;
}

// The text of `key` in `lang` (by default the page's language; a record asks for "en").
export function t(key, params = {}, lang = getLanguage()) {
  const chosen = plural(key, params.count, lang);
  const text = (TEXTS[lang] || TEXTS.en)[chosen] ?? TEXTS.en[chosen] ?? chosen;
  const filled = { ...pointerWords(lang), ...params };
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in filled ? String(filled[name]) : ""));
}

// The words for pointing at the board, chosen by the page for the screen in hand: a prompt,
// the page's or a game's, writes {click} ("click", "tap"; "fai clic su", "tocca") and
// {click_noun} ("click", "tap"; "clic", "tocco"), never the word itself, so that a touch
// screen is never told to click.
export function pointerWords(lang = getLanguage()) {
  const touch = touchScreen() ? "-touch" : "";
  const table = TEXTS[lang] || TEXTS.en;
  return { click: table[`pointer.click${touch}`], click_noun: table[`pointer.click-noun${touch}`] };
}

// A screen whose main pointer is a finger (a phone, a tablet).
export function touchScreen() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

// The same in a given language (the embedded boards speak their own lang attribute).
export function translate(lang, key, params = {}) {
  return t(key, params, lang);
}

// PageError lives in web/errors.js, which imports nothing; it is offered here too.
export { PageError };

export function errorText(error, lang) {
  return error && error.key ? translate(lang, error.key, error.params) : String(error && error.message ? error.message : error);
}

// Fill every element that names a text key: data-t (its text), data-t-label (its aria-label
// and title), data-t-aria-label (its aria-label alone), data-t-roledescription (its
// aria-roledescription) and data-t-lang (its lang attribute: the language button reads
// "English" on the Italian page, so it is lang="en" there).
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-t]")) element.textContent = t(element.dataset.t);
  for (const element of root.querySelectorAll("[data-t-label]")) {
    element.setAttribute("aria-label", t(element.dataset.tLabel));
    element.title = t(element.dataset.tLabel);
  }
  for (const element of root.querySelectorAll("[data-t-aria-label]")) {
    element.setAttribute("aria-label", t(element.dataset.tAriaLabel));
  }
  for (const element of root.querySelectorAll("[data-t-roledescription]")) {
    element.setAttribute("aria-roledescription", t(element.dataset.tRoledescription));
  }
  for (const element of root.querySelectorAll("[data-t-lang]")) element.lang = t(element.dataset.tLang);
}

export const dictionaries = TEXTS;
