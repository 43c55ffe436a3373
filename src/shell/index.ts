/** The shell room: one tokeniser for every place a command is split into words. */
export { commandWords, pathLikeWords, type SimpleCommand, simpleCommands } from "./commands.js";
export { type ShellToken, type ShellTokens, tokenizeShell } from "./tokens.js";
