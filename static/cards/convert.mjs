// Turns the React components of @letele/playing-cards (CC0) into plain SVG files.
// Usage: node convert.mjs path/to/package/dist/index.esm.js outdir
// Writes <outdir>/<card>.svg (SA, HT, ...), the back (back.svg), and a four-colour set
// in <outdir>/four/ where diamonds are blue and clubs green (spades black, hearts red).
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";

const [source, outdir] = process.argv.slice(2);
const NO_KEBAB = new Set(["viewBox", "preserveAspectRatio", "patternUnits"]);
const RENAME = { className: "class", xlinkHref: "xlink:href", xmlnsXlink: "xmlns:xlink" };
const attrName = (k) => RENAME[k] || (NO_KEBAB.has(k) ? k : k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()));
const esc = (v) => String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const React = {
  createElement(tag, props, ...children) {
    const attrs = Object.entries(props || {})
      .filter(([k, v]) => v !== undefined && v !== null && !["title", "titleId"].includes(k) && !k.startsWith("aria"))
      .map(([k, v]) => ` ${attrName(k)}="${esc(v)}"`).join("");
    const inner = children.flat().filter((c) => c !== null && c !== undefined && c !== false).join("");
    return `<${tag}${attrs}>${inner}</${tag}>`;
  },
};
let code = fs.readFileSync(source, "utf8")
  .replace(/^import _extends from .*$/m, "const _extends = Object.assign;")
  .replace(/^import \* as React from .*$/m, "")
  .replace(/^export \{([^}]*)\};?\s*$/m, (_, names) => `globalThis.__cards = {${names.replace(/(\w+) as (\w+)/g, "$2: $1")}};`);
const context = { React, Object, globalThis: {} };
context.globalThis = context;
vm.runInNewContext(code, context);
const FOUR = { D: "#0b5bd3", C: "#138a36" };
fs.mkdirSync(path.join(outdir, "four"), { recursive: true });
for (const [name, component] of Object.entries(context.__cards)) {
  if (name[0] === "J" || name === "B2") continue; // jokers and the second back are not used
  let svg = component({});
  if (name === "B1") { fs.writeFileSync(path.join(outdir, "back.svg"), svg); continue; }
  const card = name[0] + (name.slice(1) === "10" ? "T" : name.slice(1).toUpperCase());
  fs.writeFileSync(path.join(outdir, card + ".svg"), svg);
  const suit = card[0];
  if (suit === "D") svg = svg.replace(/"red"/g, `"${FOUR.D}"`);
  if (suit === "C") svg = svg.replace(/^<svg /, `<svg fill="${FOUR.C}" `);
  fs.writeFileSync(path.join(outdir, "four", card + ".svg"), svg);
}
