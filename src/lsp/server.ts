export async function runLspStdio(): Promise<void> {}
