import { benchSignedInRead } from './throughput.ts';
const r = await benchSignedInRead(Number(process.argv[2] ?? 5), 3);
console.log(JSON.stringify({ ratio: r.ratio.toFixed(3), spread: r.ratioSpread.map((x) => x.toFixed(2)), si: Math.round(r.signedInRps), bare: Math.round(r.bareRps), siCpu: r.signedInCpuUs?.toFixed(0), bareCpu: r.bareCpuUs?.toFixed(0) }));
