import { IMAGE_ACTION_LIST, type ActionDefinition } from '@app/domain';

/** Where the chat shows an action's button. */
function placeOf(action: ActionDefinition): string {
  const places: string[] = [];
  if (action.perImage) places.push(`under a grid: ${action.perImage}1–${action.perImage}4, one per image`);
  if (action.single)
    places.push(action.notSquare ? 'under a single image that is not square' : 'under a single image');
  return places.join('; ') || 'under every image result';
}

/** Every result action of the registry: its button, what it does, where it appears and its price. */
export function ActionTable({ actions = IMAGE_ACTION_LIST }: { actions?: readonly ActionDefinition[] }) {
  return (
    <div className="table-wrap">
      <table>
        <caption>Buttons under image results</caption>
        <thead>
          <tr>
            <th scope="col">Button</th>
            <th scope="col">What it does</th>
            <th scope="col">Where</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {actions.map((action) => (
            <tr key={action.name}>
              <th scope="row">{action.label}</th>
              <td>{action.summary}</td>
              <td>{placeOf(action)}</td>
              <td>
                {action.price} credit{action.price === 1 ? '' : 's'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
