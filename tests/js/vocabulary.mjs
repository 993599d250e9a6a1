// The page learns the engine's vocabulary (piece shapes, levels, the longest record) from
// site.json; the node suites learn it from the built site's, as the page does
// (`python3 build.py test` builds it first).
import { readFileSync } from "node:fs";
import { learnVocabulary } from "../../web/vocabulary.js";

const SITE_JSON = new URL("../../_site/site.json", import.meta.url);
let info;
try {
  info = JSON.parse(readFileSync(SITE_JSON, "utf8"));
} catch (error) {
  throw new Error(`${SITE_JSON.pathname}: ${error.message} (build the site first: python3 build.py build)`);
}
learnVocabulary(info.vocabulary);
