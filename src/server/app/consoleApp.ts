/**
 * The newsroom console's API at /newsroom/api (ADR 017): its own Hono app, served by the same process
 * (src/server/main.ts) but sharing nothing with the reader API but the database and the rate limiter.
 * Each desk registers its endpoints here, one line each.
 */
import { registerAnswerConsole, registerComplaintConsole, registerQaConsole, registerTipConsole } from '../answer/routes.ts';
import { unitKindOfStaff } from '../answer/units.ts';
import { registerAuditConsole } from '../staff/auditRoutes.ts';
import { registerModerationConsole } from '../moderation/routes.ts';
import { registerPublishConsole } from '../publish/routes.ts';
import { registerMallDeskConsole } from '../mallDesk/routes.ts';
import { registerWiresConsole } from '../wires/routes.ts';
import { registerCompositionDeskConsole } from '../compositionDesk/routes.ts';
import { registerPlacementDeskConsole } from '../placementDesk/routes.ts';
import { registerTopicDeskConsole } from '../topicDesk/routes.ts';
import { registerRuralDeskConsole } from '../ruralDesk/routes.ts';
import type { RateLimiter } from '../http/rateLimit.ts';
import type { AppDeps } from '../http/types.ts';
import { createConsoleRegistry, type ConsoleRegistry } from '../staff/console.ts';
import { registerIdentityConsole } from '../staff/identityRoutes.ts';
import { registerStaffConsole } from '../staff/routes.ts';

export function createConsoleApp(deps: AppDeps, limiter: RateLimiter): ConsoleRegistry {
  const registry = createConsoleRegistry(deps, limiter);
  // The person's kind of answering unit joins /session here, so the staff area does not import the answering desks.
  registerStaffConsole(registry, (staffId) => unitKindOfStaff(deps, staffId));
  registerAuditConsole(registry);
  registerIdentityConsole(registry);
  registerModerationConsole(registry);
  registerPublishConsole(registry);
  registerMallDeskConsole(registry);
  registerCompositionDeskConsole(registry);
  registerRuralDeskConsole(registry);
  registerPlacementDeskConsole(registry);
  registerTopicDeskConsole(registry);
  registerAnswerConsole(registry);
  registerTipConsole(registry);
  registerQaConsole(registry);
  registerComplaintConsole(registry);
  registerWiresConsole(registry);
  return registry;
}
