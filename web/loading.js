// Loading: the engine's stage in the header (downloading Python, starting, ready or failed),
// the loading bar, Retry, and the offer of a new version of the site (its service worker).
import { t } from "./i18n.js";
import { $ } from "./room.js";
import { currentRecord, open } from "./session.js";

// How far along the loading bar each stage is: the download is most of a first visit.
const STAGE_PROGRESS = { downloading: 0, starting: 0.85, rules: 0.95, ready: 1, failed: 0 };
const DOWNLOAD_SHARE = 0.8;

export function bindLoading(room) {
  $("retry").addEventListener("click", () => {
    room.engine.restart();
    open(room, currentRecord(room));
  });
}

// The engine's news (engine.js calls this through the room).
export function showStage(room, stage, detail, { received = null, total = null } = {}) {
  room.stage = stage;
  let progress = STAGE_PROGRESS[stage] ?? 0;
  if (received !== null) {
    // (not Intl.NumberFormat: making one costs a phone a tenth of a second while loading)
    const megabytes = (bytes) => (bytes / 1e6).toFixed(1).replace(".", t("decimal-point"));
    detail = total ? t("downloaded-of", { done: megabytes(received), total: megabytes(total) })
      : t("downloaded", { done: megabytes(received) });
    if (total) progress = DOWNLOAD_SHARE * Math.min(1, received / total);
  }
  $("load-progress").value = progress;
  $("status").textContent = t(`stage.${stage}`, { detail });
  $("status").dataset.stage = stage;
  $("loading").toggleAttribute("data-done", stage === "ready" || stage === "failed");
  $("retry").hidden = stage !== "failed";
  if (received === null) room.render();  // the download's progress changes only the status and the bar
}

// Offline play: the service worker caches the whole site.  When a new version has been
// installed beside the running one, a button offers to switch to it.
export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.register("sw.js");
  const offer = (worker) => {
    if (!worker || !navigator.serviceWorker.controller) return;  // the first install needs no reload
    $("update").hidden = false;
    $("update").onclick = () => worker.postMessage("skip-waiting");
  };
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker.addEventListener("statechange", () => worker.state === "installed" && offer(worker));
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading || $("update").hidden) return;
    reloading = true;
    location.reload();
  });
}
