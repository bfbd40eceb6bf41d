/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    host: import('./bridge/detectHost.ts').HostInfo;
    route: import('./routing/routes.ts').RouteEntry | undefined;
    initConfig: import('./contract/config.ts').InitConfig;
  }
}
