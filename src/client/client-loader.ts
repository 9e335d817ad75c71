// The package's one import of #app-client (see load-app-client.ts): the other modules import it
// from here, so Node resolves the package "imports" specifier once.
export { appClientNow, loadAppClient } from "#app-client";
