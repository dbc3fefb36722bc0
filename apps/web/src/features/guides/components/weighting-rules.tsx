import { parsePromptWeights } from '@app/domain';
import { formatWeight } from '../lib/format.ts';

const RULES = [
  { input: '(word)', meaning: 'A little stronger' },
  { input: '((word))', meaning: 'Stronger still; each extra pair adds 25 points' },
  { input: '(word:0.6)', meaning: 'Weaker: an exact weight below 1' },
  { input: '(word:1.5)', meaning: 'Stronger: an exact weight above 1' },
];

/** The weighting rules, with each weight worked out by the parser rather than written down. */
export function WeightingRules() {
  return (
    <div className="table-wrap">
      <table>
        <caption>Weighting at a glance</caption>
        <thead>
          <tr>
            <th scope="col">You type</th>
            <th scope="col">Weight</th>
            <th scope="col">Strength</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {RULES.map((rule) => {
            const weight = parsePromptWeights(rule.input)[0]?.weight ?? 1;
            const change = Math.round((weight - 1) * 100);
            return (
              <tr key={rule.input}>
                <th scope="row">
                  <code>{rule.input}</code>
                </th>
                <td>{formatWeight(weight)}</td>
                <td>
                  {Math.round(weight * 100)}% ({change > 0 ? '+' : ''}
                  {change}%)
                </td>
                <td>{rule.meaning}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
