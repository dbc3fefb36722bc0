import { reportFleet } from '/work/wt/fleet/bench/fleet-report.ts';
const result = await reportFleet();
console.log('budgetsHold', result.budgetsHold);
process.exit(0);
