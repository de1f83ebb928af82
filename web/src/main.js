// xq65 in a browser: runs xiangqi.nes (beside this file) on jsnes, with keyboard,
// gamepad and touch input, battery RAM in localStorage, sound after the first gesture,
// and a pause while the tab is hidden. window.xq65 exposes a few read-only probes for
// the browser tests (frame count, RAM bytes, the save) — the page itself never needs them.
"use strict";

(function () {
  const ROM_URL = "xiangqi.nes";
  const SAVE_KEY = "xq65.battery.v1";        // base64 of $6000-$7FFF
  const KEYS_KEY = "xq65.keys.v1";           // {button: [KeyboardEvent.code, ...]}
  const NES_W = 256, NES_H = 240;
  const FRAME_MS = 1000 / 60.0988;           // NTSC frame rate
  const MAX_CATCHUP = 4;                     // frames run at most per animation frame
  const SAVE_EVERY = 30;                     // frames between battery flushes
  const SRAM_LO = 0x6000, SRAM_SIZE = 0x2000;

  const BUTTONS = ["up", "down", "left", "right", "a", "b", "start", "select"];
  const LABELS = { up: "Up", down: "Down", left: "Left", right: "Right", a: "A", b: "B",
                   start: "Start", select: "Select" };
  const DEFAULT_KEYS = {
    up: ["ArrowUp"], down: ["ArrowDown"], left: ["ArrowLeft"], right: ["ArrowRight"],
    a: ["KeyX"], b: ["KeyZ"], start: ["Enter", "NumpadEnter"],
    select: ["ShiftLeft", "ShiftRight"],
  };
  // Standard-mapping gamepad buttons (https://w3c.github.io/gamepad/#remapping)
  const PAD_BUTTONS = { a: [1, 3], b: [0, 2], select: [8], start: [9],
                        up: [12], down: [13], left: [14], right: [15] };

  const $ = (id) => document.getElementById(id);
  const canvas = $("screen");
  const overlay = $("overlay");

  const state = {
    nes: null, rom: null, frames: 0, paused: false, userPaused: false, failed: null,
    keyMap: loadKeyMap(), remapping: null, sram: new Uint8Array(SRAM_SIZE),
    sramDirty: false, savedB64: null, saves: 0, audio: null,
    held: { key: new Set(), pad: new Set(), touch: new Set() }, down: new Set(),
  };

  // ---------------------------------------------------------------- messages
  function show(msg, kind) {
    overlay.textContent = msg;
    overlay.className = kind || "";
    overlay.hidden = !msg;
  }

  function fail(msg) {
    state.failed = msg;
    document.body.dataset.state = "error";
    show(msg, "error");
    console.warn("xq65: " + msg);
  }

  // ---------------------------------------------------------------- the screen
  const ctx2d = canvas.getContext("2d", { alpha: false });
  const image = ctx2d.createImageData(NES_W, NES_H);
  const pixels = new Uint32Array(image.data.buffer);

  function onFrame(buf) {
    // jsnes gives 0x00BBGGRR per pixel; ImageData is RGBA bytes (little-endian ABGR).
    for (let i = 0; i < NES_W * NES_H; i++) pixels[i] = 0xff000000 | buf[i];
    ctx2d.putImageData(image, 0, 0);
  }

  // The largest integer scale of the 256x240 picture (square pixels, as the NES
  // frame buffer is stored) that fits, counted in device pixels so every NES pixel is
  // an exact block of screen pixels.
  function fitScreen() {
    const box = $("screen-box");
    const dpr = window.devicePixelRatio || 1;
    const availW = Math.max(1, box.clientWidth) * dpr;
    const touchH = $("touch").offsetHeight || 0;
    const top = box.getBoundingClientRect().top + window.scrollY;   // below the header
    const availH = Math.max(1, window.innerHeight - top - touchH - 8) * dpr;
    let scale = Math.floor(Math.min(availW / NES_W, availH / NES_H));
    if (scale < 1) scale = 1;
    canvas.style.width = (NES_W * scale / dpr) + "px";
    canvas.style.height = (NES_H * scale / dpr) + "px";
    canvas.dataset.scale = String(scale);
  }

  // ---------------------------------------------------------------- input
  function loadKeyMap() {
    try {
      const saved = JSON.parse(localStorage.getItem(KEYS_KEY) || "null");
      if (saved && BUTTONS.every((b) => Array.isArray(saved[b]))) return saved;
    } catch (e) { /* a damaged setting falls back to the defaults */ }
    return JSON.parse(JSON.stringify(DEFAULT_KEYS));
  }

  function saveKeyMap() {
    localStorage.setItem(KEYS_KEY, JSON.stringify(state.keyMap));
  }

  function buttonOfCode(code) {
    return BUTTONS.find((b) => state.keyMap[b].includes(code)) || null;
  }

  function keyName(code) {
    const names = { ArrowUp: "↑", ArrowDown: "↓", ArrowLeft: "←", ArrowRight: "→",
                    ShiftLeft: "Shift", ShiftRight: "Shift", NumpadEnter: "Enter",
                    Space: "Space" };
    if (names[code]) return names[code];
    if (code.startsWith("Key")) return code.slice(3);
    if (code.startsWith("Digit")) return code.slice(5);
    return code;
  }

  function jsnesButton(b) {
    const C = jsnes.Controller;
    return { up: C.BUTTON_UP, down: C.BUTTON_DOWN, left: C.BUTTON_LEFT,
             right: C.BUTTON_RIGHT, a: C.BUTTON_A, b: C.BUTTON_B,
             start: C.BUTTON_START, select: C.BUTTON_SELECT }[b];
  }

  // A button is down while any source (keyboard, gamepad, touch) holds it.
  function syncButtons() {
    if (!state.nes) return;
    for (const b of BUTTONS) {
      const want = state.held.key.has(b) || state.held.pad.has(b) || state.held.touch.has(b);
      if (want && !state.down.has(b)) { state.nes.buttonDown(1, jsnesButton(b)); state.down.add(b); }
      if (!want && state.down.has(b)) { state.nes.buttonUp(1, jsnesButton(b)); state.down.delete(b); }
    }
  }

  function renderKeys() {
    const body = $("keys").tBodies[0];
    body.textContent = "";
    for (const b of BUTTONS) {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.textContent = LABELS[b];
      const td = document.createElement("td");
      td.className = "key";
      td.dataset.button = b;
      td.textContent = state.remapping === b ? "press a key…"
        : state.keyMap[b].map(keyName).filter((v, i, a) => a.indexOf(v) === i).join(" / ") || "—";
      const tc = document.createElement("td");
      const btn = document.createElement("button");
      btn.type = "button";
      btn.textContent = "change";
      btn.dataset.remap = b;
      btn.addEventListener("click", () => { state.remapping = b; renderKeys(); });
      tc.appendChild(btn);
      tr.append(th, td, tc);
      body.appendChild(tr);
    }
  }

  function onKeyDown(e) {
    startAudio();
    if (state.remapping) {
      e.preventDefault();
      const b = state.remapping;
      state.remapping = null;
      if (e.code !== "Escape") {
        for (const other of BUTTONS) state.keyMap[other] = state.keyMap[other].filter((c) => c !== e.code);
        state.keyMap[b] = [e.code];
        saveKeyMap();
      }
      renderKeys();
      return;
    }
    const b = buttonOfCode(e.code);
    if (!b) return;
    e.preventDefault();               // arrows and Space would scroll the page
    state.held.key.add(b);
    syncButtons();
  }

  function onKeyUp(e) {
    const b = buttonOfCode(e.code);
    if (!b) return;
    e.preventDefault();
    state.held.key.delete(b);
    syncButtons();
  }

  function releaseAll() {
    state.held.key.clear();
    state.held.touch.clear();
    syncButtons();
  }

  function pollGamepads() {
    const pads = navigator.getGamepads ? navigator.getGamepads() : [];
    const held = new Set();
    for (const pad of pads) {
      if (!pad || !pad.connected) continue;
      for (const b of BUTTONS) {
        if (PAD_BUTTONS[b].some((i) => pad.buttons[i] && pad.buttons[i].pressed)) held.add(b);
      }
      const [x, y] = [pad.axes[0] || 0, pad.axes[1] || 0];
      if (x < -0.5) held.add("left");
      if (x > 0.5) held.add("right");
      if (y < -0.5) held.add("up");
      if (y > 0.5) held.add("down");
    }
    state.held.pad = held;
  }

  function setupTouch() {
    for (const el of document.querySelectorAll("#touch [data-btn]")) {
      const b = el.dataset.btn;
      const press = (e) => {
        e.preventDefault();
        startAudio();
        if (e.pointerId !== undefined && el.setPointerCapture) el.setPointerCapture(e.pointerId);
        state.held.touch.add(b);
        el.classList.add("on");
        syncButtons();
      };
      const lift = (e) => {
        e.preventDefault();
        state.held.touch.delete(b);
        el.classList.remove("on");
        syncButtons();
      };
      el.addEventListener("pointerdown", press);
      el.addEventListener("pointerup", lift);
      el.addEventListener("pointercancel", lift);
      el.addEventListener("lostpointercapture", lift);
      el.addEventListener("contextmenu", (e) => e.preventDefault());
    }
  }

  // ---------------------------------------------------------------- sound
  // Browsers start audio only after a gesture: the first key press or tap creates it.
  // The samples of each frame go to an AudioWorklet (audio.js) that plays them.
  function startAudio() {
    if (state.audio || !state.nes) {
      if (state.audio && state.audio.ctx.state === "suspended" && !state.paused &&
          !state.userPaused) state.audio.ctx.resume();
      return;
    }
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    const ctx = new AC();
    state.audio = { ctx, node: null, l: new Float32Array(4096), r: new Float32Array(4096), n: 0,
                    posted: 0 };
    if (!ctx.audioWorklet) {
      $("sound-hint").textContent = "No sound: this browser has no AudioWorklet.";
      return;
    }
    ctx.audioWorklet.addModule("audio.js").then(() => {
      const node = new AudioWorkletNode(ctx, "nes-output", { outputChannelCount: [2] });
      node.connect(ctx.destination);
      state.nes.opts.sampleRate = ctx.sampleRate;
      state.nes.papu.sampleRate = ctx.sampleRate;
      state.nes.papu.setFrameRate(60);
      state.audio.node = node;
      $("sound-hint").textContent = "Sound is on.";
    }).catch(() => {
      $("sound-hint").textContent = "No sound: the browser refused to start audio.";
    });
  }

  function onAudioSample(l, r) {
    const a = state.audio;
    if (!a || !a.node || a.n >= a.l.length) return;
    a.l[a.n] = l;
    a.r[a.n] = r;
    a.n++;
  }

  // After each frame: hand its samples to the audio thread.
  function flushAudio() {
    const a = state.audio;
    if (!a || !a.node || a.n === 0) return;
    const l = a.l.slice(0, a.n), r = a.r.slice(0, a.n);
    a.node.port.postMessage({ l, r }, [l.buffer, r.buffer]);
    a.posted += a.n;
    a.n = 0;
  }

  // ---------------------------------------------------------------- battery RAM
  function toB64(bytes) {
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x1000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x1000));
    return btoa(s);
  }

  function fromB64(text) {
    const s = atob(text);
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }

  function loadBattery() {
    const text = localStorage.getItem(SAVE_KEY);
    if (!text) return null;
    try {
      const bytes = fromB64(text);
      if (bytes.length === SRAM_SIZE) { state.savedB64 = text; return bytes; }
    } catch (e) { /* a damaged entry is ignored: the cartridge starts without a save */ }
    return null;
  }

  // Copies $6000-$7FFF out of the emulator and stores it when it changed. jsnes keeps
  // PRG-RAM in cpu.mem and reports every CPU write there (onBatteryRamWrite).
  function flushBattery() {
    if (!state.nes || !state.sramDirty) return;
    state.sramDirty = false;
    state.sram.set(state.nes.cpu.mem.subarray(SRAM_LO, SRAM_LO + SRAM_SIZE));
    const text = toB64(state.sram);
    if (text === state.savedB64) return;
    try {
      localStorage.setItem(SAVE_KEY, text);
      state.savedB64 = text;
      state.saves++;
      $("save-status").textContent = "saved";
    } catch (e) {
      $("save-status").textContent = "could not save (storage full or blocked)";
    }
  }

  // ---------------------------------------------------------------- running
  function powerOn() {
    const nes = new jsnes.NES({
      onFrame, onAudioSample,
      onBatteryRamWrite: () => { state.sramDirty = true; },
      emulateSound: true,
      sampleRate: state.audio ? state.audio.ctx.sampleRate : 48000,
    });
    nes.loadROM(state.rom);
    // jsnes blacks out 8 pixels on every edge ("TV size") unless told not to; the
    // cartridge keeps its picture inside the title-safe area, so show the whole frame.
    nes.ppu.clipToTvSize = false;
    const saved = loadBattery();
    if (saved) nes.cpu.mem.set(saved, SRAM_LO);  // before the first instruction runs
    state.nes = nes;
    state.down.clear();
    syncButtons();
  }

  let last = 0, acc = 0;
  function loop(now) {
    requestAnimationFrame(loop);
    if (!state.nes || state.failed) return;
    if (state.paused || state.userPaused) { last = now; return; }
    pollGamepads();
    syncButtons();
    acc += Math.min(now - (last || now), FRAME_MS * MAX_CATCHUP);
    last = now;
    let n = 0;
    while (acc >= FRAME_MS && n < MAX_CATCHUP) {
      try {
        state.nes.frame();
      } catch (e) {
        fail("The emulator stopped: " + e.message);
        return;
      }
      state.frames++;
      flushAudio();
      acc -= FRAME_MS;
      n++;
      if (state.frames % SAVE_EVERY === 0) flushBattery();
    }
  }

  function setPaused(hidden) {
    state.paused = hidden;
    if (hidden) {
      releaseAll();
      flushBattery();
      if (state.audio) state.audio.ctx.suspend();
    } else if (state.audio && !state.userPaused) {
      state.audio.ctx.resume();
    }
    updateStatus();
  }

  function updateStatus() {
    if (state.failed) return;
    const paused = state.paused || state.userPaused;
    document.body.dataset.state = paused ? "paused" : "running";
    $("pause").textContent = state.userPaused ? "Resume" : "Pause";
    show(paused ? "Paused" : "", "paused");
  }

  async function loadRom() {
    if (typeof jsnes === "undefined") {
      fail("The emulator (jsnes.min.js) did not load. Rebuild the folder with `make web`.");
      return;
    }
    if (location.protocol === "file:") {
      fail("Open this page through a web server (make web-serve, or " +
           "python3 -m http.server -d build/web): browsers do not let a file:// page read the ROM.");
      return;
    }
    let bytes;
    try {
      const resp = await fetch(ROM_URL, { cache: "no-cache" });
      if (!resp.ok) throw new Error("HTTP " + resp.status + " " + resp.statusText);
      bytes = new Uint8Array(await resp.arrayBuffer());
    } catch (e) {
      fail("Could not load the ROM " + ROM_URL + " (" + e.message + "). " +
           "Build the folder with `make web` and serve it with `make web-serve`.");
      return;
    }
    if (bytes.length < 16 + 16384 || bytes[0] !== 0x4e || bytes[1] !== 0x45 ||
        bytes[2] !== 0x53 || bytes[3] !== 0x1a) {
      fail("The file " + ROM_URL + " is not an NES ROM (" + bytes.length + " bytes, no iNES header).");
      return;
    }
    state.rom = bytes;
    try {
      powerOn();
    } catch (e) {
      fail("The emulator refused the ROM: " + e.message);
      return;
    }
    updateStatus();
  }

  // ---------------------------------------------------------------- wiring
  window.addEventListener("keydown", onKeyDown);
  window.addEventListener("keyup", onKeyUp);
  window.addEventListener("blur", releaseAll);
  window.addEventListener("resize", fitScreen);
  window.addEventListener("pagehide", flushBattery);
  document.addEventListener("visibilitychange", () => setPaused(document.hidden));
  document.addEventListener("pointerdown", () => startAudio(), { passive: true });
  window.addEventListener("gamepadconnected", () => startAudio());
  $("keys-default").addEventListener("click", () => {
    state.keyMap = JSON.parse(JSON.stringify(DEFAULT_KEYS));
    state.remapping = null;
    saveKeyMap();
    renderKeys();
  });
  $("pause").addEventListener("click", () => {
    state.userPaused = !state.userPaused;
    if (state.audio) state.userPaused ? state.audio.ctx.suspend() : state.audio.ctx.resume();
    updateStatus();
  });
  $("reset").addEventListener("click", () => {
    if (!state.rom) return;
    flushBattery();          // the battery keeps its contents across a power cycle
    powerOn();
  });
  $("erase").addEventListener("click", () => {
    if (!confirm("Erase the saved game? The cartridge restarts without it.")) return;
    localStorage.removeItem(SAVE_KEY);
    state.savedB64 = null;
    if (state.rom) { state.nes = null; powerOn(); }
    $("save-status").textContent = "erased";
  });

  // ---------------------------------------------------------------- games in and out
  // docs/save_format.md: the save codec (savefile.js) reads the battery RAM as the
  // cartridge does; "Download PGN" writes its game, "Open PGN / FEN" replaces it.
  const codec = (typeof XQSave !== "undefined" && typeof XQ65_CONTRACT !== "undefined")
    ? XQSave.makeCodec(XQ65_CONTRACT) : null;

  function gameioStatus(text, ok) {
    const el = $("gameio-status");
    el.textContent = text;
    el.className = ok ? "ok" : "error";
  }

  // The battery RAM as the cartridge has it now (the emulator's, else the stored copy).
  function currentBattery() {
    if (state.nes) return state.nes.cpu.mem.slice(SRAM_LO, SRAM_LO + SRAM_SIZE);
    return loadBattery() || new Uint8Array(SRAM_SIZE);
  }

  function pgnDate() {
    const d = new Date(), p = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
  }

  function downloadPgn() {
    if (!codec) { gameioStatus("The save codec (savefile.js) did not load: rebuild with `make web`."); return; }
    let game;
    try {
      game = codec.readSave(currentBattery());
    } catch (e) {
      gameioStatus("No game to download: " + e.message + ".");
      return;
    }
    const text = codec.writePgn(game, pgnDate());
    state.lastPgn = text;
    const url = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "xq65-game.pgn";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    gameioStatus(`Downloaded xq65-game.pgn: ${game.moves.length} plies.`, true);
  }

  // PGN or FEN text -> the saved game; the cartridge powers on again and offers CONTINUE.
  function openGameText(text, what) {
    if (!codec) { gameioStatus("The save codec (savefile.js) did not load: rebuild with `make web`."); return; }
    let image, game;
    try {
      if (!text.trim()) throw new Error("it is empty");
      game = codec.gameFromText(text, +$("open-mode").value, +$("open-level").value);
      image = codec.writeSave(game, currentBattery());
    } catch (e) {
      gameioStatus(`Could not open ${what}: ${e.message}. The saved game is unchanged.`);
      return;
    }
    const b64 = toB64(image);
    try {
      localStorage.setItem(SAVE_KEY, b64);
    } catch (e) {
      gameioStatus("Could not store the game (storage full or blocked).");
      return;
    }
    state.savedB64 = b64;
    state.sramDirty = false;
    if (state.rom) { state.nes = null; powerOn(); }
    const kinds = ["the standard start", "a handicap", "a puzzle", "a set-up position"];
    gameioStatus(`Opened ${what}: ${game.moves.length} plies from ${kinds[game.kind]}. ` +
                 "CONTINUE in the menu plays on.", true);
  }

  const MAX_OPEN_BYTES = 1 << 20;  // a PGN of 350 plies is a few kilobytes
  function openFile(file) {
    if (!file) return;
    if (file.size > MAX_OPEN_BYTES) {
      gameioStatus(`Could not open ${file.name}: ${file.size.toLocaleString("en")} bytes is too large for a game.`);
      return;
    }
    // UTF-8, else GB18030 (GBK), the encoding Chinese xiangqi programs often save in
    const reader = new FileReader();
    reader.onload = () => {
      const bytes = new Uint8Array(reader.result);
      let text;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch (e) {
        try {
          text = new TextDecoder("gb18030", { fatal: true }).decode(bytes);
        } catch (e2) {
          gameioStatus(`Could not open ${file.name}: it is neither UTF-8 nor GB18030 (GBK) text.`);
          return;
        }
      }
      openGameText(text, file.name);
    };
    reader.onerror = () => gameioStatus(`Could not read ${file.name}.`);
    reader.readAsArrayBuffer(file);
  }

  if (codec) {
    codec.contract.levels.forEach((lv) => {
      const o = document.createElement("option");
      o.value = lv.number;
      o.textContent = `${lv.number} ${lv.zh} ${lv.en}`;
      $("open-level").appendChild(o);
    });
    $("open-level").value = "3";
  }
  $("pgn-download").addEventListener("click", downloadPgn);
  $("pgn-open").addEventListener("click", () => $("pgn-file").click());
  $("pgn-file").addEventListener("change", (e) => { openFile(e.target.files[0]); e.target.value = ""; });
  $("pgn-paste").addEventListener("click", () => openGameText($("pgn-text").value, "the pasted text"));
  // keys typed in the text box are not the NES controller's
  $("pgn-text").addEventListener("keydown", (e) => e.stopPropagation());
  $("pgn-text").addEventListener("keyup", (e) => e.stopPropagation());

  // Read-only probes for the browser tests (tests/test_web_page.py, tests/test_web_input.py).
  window.xq65 = {
    get frames() { return state.frames; },
    get failed() { return state.failed; },
    get saves() { return state.saves; },
    get samplesPlayed() { return state.audio ? state.audio.posted : 0; },
    get audio() { return state.audio && state.audio.node ? state.audio.ctx.state : "off"; },
    peek(addr, n) {
      if (!state.nes) return null;
      const ok = (a) => (a >= 0 && a + n <= 0x800) || (a >= SRAM_LO && a + n <= SRAM_LO + SRAM_SIZE);
      if (!ok(addr)) throw new RangeError("peek outside RAM $0000-$07FF and PRG-RAM $6000-$7FFF");
      return Array.from(state.nes.cpu.mem.subarray(addr, addr + n));
    },
    romHeader() { return state.rom ? Array.from(state.rom.subarray(0, 16)) : null; },
    get lastPgn() { return state.lastPgn || null; },
  };

  renderKeys();
  setupTouch();
  fitScreen();
  requestAnimationFrame(loop);
  loadRom().then(fitScreen);
})();
