import { describe, expect, it } from 'vitest';
import { createAccount, newAccount, pathOf, scrollsSideways, sessionOf, signUpInPage } from './accounts.ts';
import { baseURL, openTestBrowser, seriousViolations } from './browser.ts';

describe('sign-up', () => {
  it('creates the account, signs it in and goes home', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    const account = newAccount('Asha Rao');
    await page.goto('/sign-up');
    const main = page.getByRole('main');
    await main.getByText('At least 8 characters.').waitFor();
    await main.getByLabel('Name').fill(account.name);
    await main.getByLabel('Email').fill(account.email);
    await main.getByLabel('Password').fill(account.password);
    await main.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const { user } = await sessionOf(page);
    expect(user).toMatchObject({ name: account.name, email: account.email });
    expect(browser.errors).toEqual([]);
  });

  it('keeps a 7-character password from being sent and accepts 8', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    const account = newAccount();
    await page.goto('/sign-up');
    const main = page.getByRole('main');
    await main.getByLabel('Name').fill(account.name);
    await main.getByLabel('Email').fill(account.email);
    await main.getByLabel('Password').fill('1234567');
    await main.getByRole('button', { name: 'Create Account' }).click();
    expect(
      await main.getByLabel('Password').evaluate((input: HTMLInputElement) => input.validity.tooShort),
    ).toBe(true);
    expect(pathOf(page)).toBe('/sign-up');
    expect((await sessionOf(page)).user).toBeNull();

    await main.getByLabel('Password').fill('12345678');
    await main.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await sessionOf(page)).user?.email).toBe(account.email);
  });

  it('says so when the email already has an account', async () => {
    const taken = await createAccount();
    const browser = await openTestBrowser();
    const { page } = browser;
    await page.goto('/sign-up');
    const main = page.getByRole('main');
    await main.getByLabel('Name').fill('Someone Else');
    await main.getByLabel('Email').fill(taken.email);
    await main.getByLabel('Password').fill('another-password');
    await main.getByRole('button', { name: 'Create Account' }).click();
    await expect
      .poll(() => main.getByRole('alert').textContent())
      .toBe('An account with this email already exists');
    expect((await sessionOf(page)).user).toBeNull();
  });

  it('links to sign-in keeping where to go afterwards', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await page.goto('/sign-up?redirect=%2Ffavourites');
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(pathOf(page)).toBe('/sign-in?redirect=%2Ffavourites');
  });
});

describe('sign-in', () => {
  it('brings the visitor back to the page that asked for it', async () => {
    const account = await createAccount();
    const browser = await openTestBrowser();
    const { page } = browser;
    await page.goto('/favourites');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(pathOf(page)).toBe('/sign-in?redirect=%2Ffavourites');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(account.email);
    await main.getByLabel('Password').fill(account.password);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/favourites');
    await page.getByRole('heading', { name: 'My Favourites' }).waitFor();
    expect((await sessionOf(page)).user?.email).toBe(account.email);
  });

  it('shows the server message for a wrong password and stays signed out', async () => {
    const account = await createAccount();
    const browser = await openTestBrowser();
    const { page } = browser;
    await page.goto('/sign-in');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(account.email);
    await main.getByLabel('Password').fill('not-the-password');
    await main.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => main.getByRole('alert').textContent()).toBe('Invalid email or password');
    expect(pathOf(page)).toBe('/sign-in');
    expect((await sessionOf(page)).user).toBeNull();
  });

  it('never sends the visitor to another site afterwards', async () => {
    const account = await createAccount();
    const browser = await openTestBrowser();
    const { page } = browser;
    await page.goto('/sign-in?redirect=%2F%2Fevil.example%2Fphish');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(account.email);
    await main.getByLabel('Password').fill(account.password);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).origin).toBe(baseURL());
    expect(pathOf(page)).toBe('/');
  });

  it('goes straight to the target when already signed in', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await signUpInPage(page);
    await page.goto('/sign-in?redirect=%2Fprofile');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(pathOf(page)).toBe('/profile');
  });

  it('links to sign-up keeping where to go afterwards', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await page.goto('/sign-in?redirect=%2Fmybookings');
    await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-up');
    expect(pathOf(page)).toBe('/sign-up?redirect=%2Fmybookings');
  });
});

describe('profile', () => {
  it('shows the account and signs out', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    const account = await signUpInPage(page, newAccount('Kiran Das'));
    await page.goto('/profile');
    const main = page.getByRole('main');
    await main.getByText(account.email).waitFor();
    await main.getByText('Kiran Das', { exact: true }).waitFor();
    await main.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await sessionOf(page)).user).toBeNull();
    // Signed out for real: the profile asks for sign-in again.
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/sign-in');
  });

  it('changes the name', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await signUpInPage(page, newAccount('Old Name'));
    await page.goto('/profile');
    const form = page.getByRole('region', { name: 'Change name' });
    await form.getByLabel('Name').fill('New Name');
    await form.getByRole('button', { name: 'Save Name' }).click();
    await page.getByText('Profile updated').waitFor();
    await page.getByRole('main').getByText('New Name', { exact: true }).first().waitFor();
    expect((await sessionOf(page)).user?.name).toBe('New Name');
  });

  it('changes the password, refusing a mismatch and a wrong current password', async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    const account = await signUpInPage(page);
    await page.goto('/profile');
    const form = page.getByRole('region', { name: 'Change password' });
    const submit = form.getByRole('button', { name: 'Change Password' });

    await form.getByLabel('Current password').fill(account.password);
    await form.getByLabel('New password', { exact: true }).fill('fresh-password-1');
    await form.getByLabel('Confirm new password').fill('fresh-password-2');
    await submit.click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('New passwords do not match');

    await form.getByLabel('Current password').fill('wrong-password');
    await form.getByLabel('Confirm new password').fill('fresh-password-1');
    await submit.click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Current password is incorrect');

    await form.getByLabel('Current password').fill(account.password);
    await submit.click();
    await page.getByText('Password changed').waitFor();
    expect(await form.getByLabel('Current password').inputValue()).toBe('');

    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/sign-in');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(account.email);
    await main.getByLabel('Password').fill(account.password);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => main.getByRole('alert').textContent()).toBe('Invalid email or password');
    await main.getByLabel('Password').fill('fresh-password-1');
    await main.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await sessionOf(page)).user?.email).toBe(account.email);
  });
});

describe('accessibility and small screens', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`sign-in, sign-up and profile have no serious axe violations (${colorScheme})`, async () => {
      const browser = await openTestBrowser({ colorScheme });
      const { page } = browser;
      for (const path of ['/sign-in', '/sign-up']) {
        await page.goto(path);
        await page.getByRole('main').getByLabel('Email').waitFor();
        expect(await seriousViolations(page), path).toEqual([]);
      }
      // With a server error showing, as people will see it.
      await page.goto('/sign-in');
      const main = page.getByRole('main');
      await main.getByLabel('Email').fill('nobody@example.com');
      await main.getByLabel('Password').fill('whatever-1');
      await main.getByRole('button', { name: 'Sign In' }).click();
      await expect.poll(() => main.getByRole('alert').textContent()).toBe('Invalid email or password');
      expect(await seriousViolations(page), '/sign-in with an error').toEqual([]);

      await signUpInPage(page);
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Change password' }).waitFor();
      expect(await seriousViolations(page), '/profile').toEqual([]);
    });
  }

  it('sign-in, sign-up and profile fit a 360px screen', async () => {
    const browser = await openTestBrowser({ viewport: { width: 360, height: 740 } });
    const { page } = browser;
    for (const path of ['/sign-in', '/sign-up']) {
      await page.goto(path);
      await page.getByRole('main').getByLabel('Email').waitFor();
      expect(await scrollsSideways(page), path).toBe(false);
    }
    await signUpInPage(page, newAccount('A Rather Long Name For A Small Phone Screen'));
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await scrollsSideways(page), '/profile').toBe(false);
  });
});
