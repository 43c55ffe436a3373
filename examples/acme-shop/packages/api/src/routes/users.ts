export function register(app: { get: (path: string, handler: () => unknown) => void }): void {
  app.get("/v1/users/:id", () => ({ id: "u_1", name: "Ada" }));
}
