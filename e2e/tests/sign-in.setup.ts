import { expect, test as setup } from '@playwright/test';
import { SEEDED_ROLES, storageStatePath } from '../support/auth.ts';

// Each seeded user signs in once for the whole run; journeys reuse the saved session.
for (const role of SEEDED_ROLES) {
  setup(`sign in as ${role}`, async ({ request }) => {
    const response = await request.post('/api/auth/local', { data: { discordName: role } });
    expect(response.status(), await response.text()).toBe(200);
    expect((await response.json()).discordname).toBe(role);
    await request.storageState({ path: storageStatePath(role) });
  });
}
