// A tiny element builder shared by the pages: h("button", {class: "x", onclick: f}, "text").

/** A text with its first letter a capital: a sentence that starts with a name ("the Marshal"). */
export const capital = (t) => t.charAt(0).toUpperCase() + t.slice(1);

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

/** A link to hand on: its label (and ``extra`` beside it), the link in a read-only field
 * and a Copy button. */
export function copyItem(label, url, extra = "") {
  const input = h("input", { readonly: true, value: url, class: "link", "aria-label": `Link for ${label}`, onfocus: (e) => e.target.select() });
  const button = h("button", { type: "button", class: "copy" }, "Copy");
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      input.select();
      document.execCommand("copy");
    }
    button.textContent = "Copied";
    setTimeout(() => (button.textContent = "Copy"), 2000);
  });
  return h("li", {}, h("span", { class: "invite-who" }, label, extra), h("span", { class: "invite-row" }, input, button));
}
