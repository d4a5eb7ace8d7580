"use strict";
const R = JSON.parse(document.getElementById("replay").textContent);
const W = 50, H = 72, GX = 8;
const SUITS = {
  french: {S: ["spades", "black"], H: ["hearts", "red"], D: ["diamonds", "red"], C: ["clubs", "black"]},
  spanish: {O: ["oros", "oros"], C: ["copas", "copas"], E: ["espadas", "espadas"], B: ["bastos", "bastos"]},
  italian: {D: ["denari", "oros"], C: ["coppe", "copas"], S: ["spade", "espadas"], B: ["bastoni", "bastos"]},
};
const LEGEND = {red: "#c62828", black: "#111", oros: "#a07800", copas: "#c62828", espadas: "#1e4fa8", bastos: "#2e7d32"};
const RANKS = {french: "A23456789TJQK", spanish: "1234567SCR", italian: "1234567FCR"};
const suitOf = (tok) => SUITS[R.deck][tok[1]];
const rankText = (tok) => R.deck === "french" && tok[0] === "T" ? "10" : tok[0];
const svgUse = (cls, tok) => `<svg class="${cls}"><use href="#${R.deck}-${tok[1]}"/></svg>`;

const tableEl = document.getElementById("table");
const slider = document.getElementById("slider");
const last = R.steps.length - 1;
slider.max = last;
let cur = 0, timer = null;

// Where each place goes on the table, in pixels of its top-left corner, and
// how its cards spread: "stack" (one over another), "down" or "right" (fanned).
function layout(name, i, pos) {
  const col = (k) => 16 + k * (W + GX + 6);
  switch (R.game) {
  case "ventaglio": {
    if (name === "arc") return {x: 16, y: 28, fan: "arc"};
    if (/^f\d$/.test(name)) { const k = +name[1] - 1; return {x: col(k) + 2 * (W + GX + 6), y: 150, fan: "stack"}; }
    if (/^p\d$/.test(name)) { const k = +name[1] - 1; return {x: col(k * 2 + 2), y: 255, fan: "down", room: 340}; }
    const k = {reserve: 0, stock: 10, waste: 11}[name];
    return {x: col(k), y: name === "reserve" ? 255 : 150, fan: "stack"};
  }
  case "reloj": {
    if (name === "stock") return {x: 300, y: 255, fan: "stack"};
    if (name === "waste") return {x: 370, y: 255, fan: "stack"};
    const r = RANKS.spanish.indexOf(name.slice(5));
    const a = 2 * Math.PI * r / 10;
    // A full pile, four cards 16 px apart (each rank, 15 px, shows whole),
    // is 120 px tall; piles one above another (3 over 4, C over S) are
    // 136 px apart, so it stays clear of the next pile's label (15 px).
    return {x: 330 + 250 * Math.sin(a), y: 245 - 220 * Math.cos(a), fan: "down", room: 120};
  }
  case "sietes": {
    const cells = [[0,0],[0,1],[0,2],[0,3],[1,3],[2,3],[3,3],[3,2],[3,1],[3,0],[2,0],[1,0]];
    let rc;
    if (name.startsWith("frame:")) rc = cells[+name.slice(6) - 1];
    else if (name.startsWith("found:")) { const s = "OCEB".indexOf(name[6]); rc = [1 + (s >> 1), 1 + (s & 1)]; }
    else return {x: name === "stock" ? 470 : 540, y: 130, fan: "stack"};
    return {x: 24 + rc[1] * (W + 40), y: 28 + rc[0] * (H + 30), fan: "stack"};
  }
  case "orologio":
  case "orologio52": {
    if (name === "well") return {x: 330, y: 215, fan: "stack"};
    if (name === "centre") return {x: 330, y: 215, fan: "right", room: 110, backs: true};
    if (name === "stock") return {x: 400, y: 215, fan: "stack"};
    if (name === "hand") return {x: 610, y: 430, fan: "stack"};
    const h = +name.slice(5);
    const a = 2 * Math.PI * h / 12;
    return {x: 330 + 260 * Math.sin(a), y: 215 - 180 * Math.cos(a), fan: "right", room: 70, backs: R.game === "orologio52"};
  }
  }
  return {x: 16 + i * 60, y: 20, fan: "stack"};
}
const SIZE = {ventaglio: [850, 620], reloj: [720, 600], sietes: [640, 430], orologio: [720, 470], orologio52: [720, 510]};
const LABEL = (name) => ({arc: "arc (free card outlined)", centre: "centre (kings)", hand: "in hand"}[name] || name.replace(":", " "));

function cardHTML(tok, x, y, extra) {
  const [suitName, colour] = suitOf(tok) || ["?", "black"];
  return `<div class="card ${colour}${extra}" data-card="${tok}" title="${tok}: ${suitName}" style="left:${x}px;top:${y}px">` +
    `<span class="rank">${rankText(tok)}</span>${svgUse("small", tok)}${svgUse("pip", tok)}</div>`;
}

function draw(n) {
  const st = R.steps[n];
  const mv = st.move;
  let html = "";
  st.position.places.forEach((p, i) => {
    const L = layout(p.name, i, st.position);
    const movedHere = mv && mv.to === p.name;
    let inner = `<span class="label">${LABEL(p.name)}</span>`;
    const cards = p.cards || [];
    if (p.under > 0 && cards.length === 0) {
      inner += `<div class="back"></div><span class="count">${p.under}</span>`;
    } else if (cards.length === 0) {
      inner += `<div class="slot"></div>`;
    }
    // Face-down cards under face-up ones (the clock's piles): a back to the
    // left with the count, the face-up cards fanned over it.
    const shift = L.backs && p.under > 0 && cards.length > 0 ? 18 : 0;
    if (shift) inner += `<div class="back" style="left:0"></div><span class="under" style="left:2px;right:auto" title="${p.under} face down">${p.under}</span>`;
    let step = 0;
    if (L.fan === "down") step = Math.min(22, cards.length > 1 ? (L.room - H) / (cards.length - 1) : 22);
    if (L.fan === "right") step = Math.min(16, cards.length > 1 ? (L.room - W) / (cards.length - 1) : 16);
    cards.forEach((tok, k) => {
      let x = 0, y = 0, extra = "";
      if (L.fan === "arc") {
        const slotN = 12 - cards.length + k;   // the arc empties from the left
        x = slotN * (W + 16); y = 20 - 20 * Math.sin(Math.PI * (slotN + 0.5) / 12);
        if (k === 0) extra += " free";
      } else if (L.fan === "down") y = k * step;
      else if (L.fan === "right") x = k * step;
      if (movedHere && k === cards.length - 1 && tok === mv.card) extra += " moved";
      inner += cardHTML(tok, x + shift, y, extra);
    });
    if (p.under > 0 && cards.length > 0 && !shift) inner += `<span class="under" title="${p.under} more under">+${p.under}</span>`;
    const hl = mv && !mv.card && (p.name === mv.to) ? " moved" : "";
    html += `<div class="place${hl}" data-place="${p.name}" data-under="${p.under || 0}" style="left:${Math.round(L.x)}px;top:${Math.round(L.y)}px">${inner}</div>`;
  });
  tableEl.innerHTML = html;
  document.getElementById("step").textContent = n === 0 ? `deal (0 of ${last} moves)` : `move ${n} of ${last}`;
  document.getElementById("text").textContent = n === 0 ? "" : st.text;
  const end = document.getElementById("end");
  end.textContent = n === last ? (R.won ? "won" : "not won: " + R.end) : "";
  end.className = R.won ? "" : "lost";
  slider.value = n;
}

function go(n) { cur = Math.max(0, Math.min(last, n)); draw(cur); if (cur === last) stop(); }
function stop() { if (timer) { clearInterval(timer); timer = null; } document.getElementById("play").innerHTML = "&#x25B6; play"; }
function play() {
  if (timer) return stop();
  if (cur === last) cur = 0;
  document.getElementById("play").innerHTML = "|| pause";
  timer = setInterval(() => go(cur + 1), 1000 / +document.getElementById("speed").value);
}
document.getElementById("first").onclick = () => // A step named in the address (page.html#175) is shown first.
go(parseInt(location.hash.slice(1), 10) || 0);
document.getElementById("prev").onclick = () => go(cur - 1);
document.getElementById("next").onclick = () => go(cur + 1);
document.getElementById("last").onclick = () => go(last);
document.getElementById("play").onclick = play;
document.getElementById("speed").onchange = () => { if (timer) { stop(); play(); } };
slider.oninput = () => go(+slider.value);
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "SELECT") return;
  const k = {ArrowLeft: () => go(cur - 1), ArrowRight: () => go(cur + 1), Home: () => go(0), End: () => go(last), " ": play}[e.key];
  if (k) { e.preventDefault(); k(); }
});

const [tw, th] = SIZE[R.game] || [800, 500];
tableEl.style.width = tw + "px"; tableEl.style.height = th + "px";
// A window narrower than the table (a phone) gets it zoomed to its width,
// cards and labels together: nothing then lies outside the window.
const fit = () => { tableEl.style.zoom = Math.min(1, (document.documentElement.clientWidth - 32) / tw); };
fit();
addEventListener("resize", fit);
document.getElementById("legend").innerHTML = "<b>" + R.deck + " suits:</b>" + Object.entries(SUITS[R.deck]).map(([l, [nm, c]]) =>
  `<span class="card-legend ${c}" style="color:${LEGEND[c]}">${svgUse("", "x" + l)} ${l} = ${nm}</span>`).join("");
// A step named in the address (page.html#175) is shown first.
go(parseInt(location.hash.slice(1), 10) || 0);
