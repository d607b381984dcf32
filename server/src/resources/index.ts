// Every business resource of issue 3, registered in the protected API scope (server/src/app.ts).
// Each module lives in its own folder and exports register(api, deps); add one line per module.
import type { Api, ResourceDeps } from './framework/index.ts';

export async function registerResources(api: Api, deps: ResourceDeps): Promise<void> {
  void api;
  void deps;
}
