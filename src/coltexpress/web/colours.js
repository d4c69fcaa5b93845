// Bandit colours, for the drawing and the player panels (the text always says the name).
// White letters sit on them: each keeps a contrast of at least 4.5:1 with white
// (tests/web/test_contrast.py checks it).

export const COLOURS = {
  belle: "#b03c6f",
  cheyenne: "#267a4d",
  django: "#3b5fc0",
  doc: "#5b3a8c",
  ghost: "#6b6f7a",
  tuco: "#a8571a",
  mei: "#0e7483",
};
export const MARSHAL = "#d4a017"; // the Marshal's star is dark on it
export const colour = (name) => COLOURS[name] ?? "#4a4a4a";
