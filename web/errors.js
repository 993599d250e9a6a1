// An error in the page's own words: a text key of web/i18n.js and its parameters, said in
// whatever language the page or the board speaks when it is shown (i18n.errorText).  It
// imports nothing, so that modules without a page (tests under Node) can throw it.
export class PageError extends Error {
  constructor(key, params = {}) {
    super(key);
    this.name = "PageError";
    this.key = key;
    this.params = params;
  }
}
