// The e2e run's local push service (playwright.config.ts starts it before the app): the app posts web
// pushes to it (PUSH_SERVICE_HOSTS, PUSH_SERVICE_CA_FILE), and the tests ask it, over the same https
// port, for a browser subscription (POST /browsers) and for what reached one (GET /received/<path>).
import { writeFileSync } from 'node:fs';
import { startPushService } from './pushService.ts';

const [port, certFile] = process.argv.slice(2);
const service = await startPushService({
  port: Number(port),
  control: true,
});
writeFileSync(certFile!, service.certificate);
console.log(`push service on ${service.host}`);
