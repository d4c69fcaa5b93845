// Updates as patches (docs/protocol.md, "Patches"): each moment of a move comes as what
// changed since the moment before, and is applied to what the page has. A patch of an
// object names the members that changed, each with one operation: {"=": value} (new or
// replaced), {"-": 1} (gone), {"~": patch} (an object changed), {"+": [items]} (a list goes
// on), {"@": {"i": operation}} (a list's items changed). Nothing given is changed: what did
// not change is shared with the result.

/** `old` changed as `patch` says. */
export function applyPatch(old, patch) {
  const out = { ...old };
  for (const [key, operation] of Object.entries(patch)) {
    if ("-" in operation) delete out[key];
    else out[key] = operate(out[key], operation);
  }
  return out;
}

function operate(was, operation) {
  if ("=" in operation) return operation["="];
  if ("~" in operation) return applyPatch(was, operation["~"]);
  if ("+" in operation) return [...was, ...operation["+"]];
  if ("@" in operation) {
    const out = [...was];
    for (const [index, inner] of Object.entries(operation["@"])) out[Number(index)] = operate(out[Number(index)], inner);
    return out;
  }
  throw new Error(`unknown patch operation ${Object.keys(operation)}`);
}

/** The moments of an update as whole ones: each step's and the update's `view` and
 * `captions`, applied in order from `seen` (what the page had before the update); the
 * last moment, to apply the next update to. An update that came whole is left as it is. */
export function wholeMoments(msg, seen) {
  if (msg.change === undefined) return { view: msg.view, captions: msg.captions };
  let now = seen;
  for (const part of [...(msg.steps || []), msg]) {
    now = applyPatch(now, part.change);
    part.view = now.view;
    part.captions = now.captions;
    delete part.change;
  }
  return now;
}
