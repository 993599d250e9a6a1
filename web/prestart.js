// The room's first script, classic and async, so that it runs as soon as it arrives, before the
// page's modules: on a repeat visit it starts the engine's worker at once, and Python restores
// its snapshot while the page loads its code (issue 19; about 60 ms sooner).  Only where this
// browser has stored a snapshot (a hint engine.js keeps): a first visit's worker would compete
// with the page's own downloads.  engine.js takes the worker over, with the messages it sent
// meanwhile.
(() => {
  let stored = null;
  try { stored = localStorage.getItem("tavoliere.snapshot.stored"); } catch { return; }
  if (!stored || self.tavoliereEngineStarted) return;
  if (new URLSearchParams(location.search).get("snapshot") === "off") return;
  const worker = new Worker("web/worker.js", { type: "module", name: "engine" });
  const held = [];
  worker.onmessage = (event) => held.push(["message", event]);
  worker.onerror = (event) => { event.preventDefault(); held.push(["error", event]); };
  self.tavolierePrestarted = { worker, held };
})();

// A first visit (no link, no game kept in this browser, never greeted: web/welcome.js's
// firstVisit, the same keys): the welcome opens as soon as the page is parsed, before the
// modules have come; web/welcome.js then fills it with the games.
(() => {
  let kept = true;
  try {
    kept = localStorage.getItem("tavoliere.current") !== null || localStorage.getItem("tavoliere.welcomed") === "1";
  } catch { return; }
  if (kept || location.hash.length > 1) return;
  const open = () => {
    const welcome = document.getElementById("welcome");
    if (welcome && !welcome.open) welcome.showModal();
  };
  if (document.readyState === "loading") document.addEventListener("readystatechange", open, { once: true });
  else open();
})();
