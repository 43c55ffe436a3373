/**
 * Vitest global setup: installs the pinned agent CLIs (test/agents) before any test runs, unless they are
 * installed already (a check of the installed versions, no npm call). See scripts/agents.mjs.
 */
import { AgentsInstallError, ensureAgents } from "../../scripts/agents.mjs";

export default function setup(): void {
  try {
    ensureAgents();
  } catch (e) {
    if (!(e instanceof AgentsInstallError)) throw e;
    console.error(e.message);
    throw new Error("the pinned agent CLIs are not installed (see the message above)");
  }
}
