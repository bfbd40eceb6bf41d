/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    host: import('./bridge/detectHost.ts').HostInfo;
    route: import('./routing/routes.ts').RouteEntry | undefined;
    initConfig: import('./contract/config.ts').InitConfig;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate after the load event (or on first tap when saving data); a value hydrates on request. See src/client/directives/afterLoad.ts. */
    'client:afterload'?: boolean | string;
  }
}
