/** The states of an import run still at work: the screen and its server code both ask. */
export const WORKING = new Set(["checking", "running"]);
