/**
 * Whether this process is stopping (issue 32, point 7): from SIGTERM until its port closes, it
 * still serves, but `/api/health` answers 503 `draining`, so a load balancer takes the node out
 * before the port closes under it. One flag a process: each server process stops on its own.
 */
export const readiness = { draining: false };
