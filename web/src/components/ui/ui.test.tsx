import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../lib/i18n/i18n-provider';
import { PreferencesProvider } from '../../lib/preferences';
import { expectNoAxeViolations } from '../../testing/axe';
import { ThemePicker } from '../theme/theme-picker';
import { Button, buttonClassName } from './button';
import { GameVersionRanges, RelativeTime } from './format';
import { Modal } from './modal';
import { Popover } from './popover';
import { Tabs } from './tabs';

function Providers({ children }: { children: React.ReactNode }) {
  return (
    <PreferencesProvider>
      <I18nProvider>{children}</I18nProvider>
    </PreferencesProvider>
  );
}

describe('Button', () => {
  it('maps size, colour and variant to classes', () => {
    expect(buttonClassName()).toBe('btn btn--size-standard btn--color-standard btn--variant-standard');
    expect(buttonClassName({ size: 'small', color: 'red', variant: 'highlight-colored-text', iconOnly: true }, 'x')).toBe(
      'btn btn--size-small btn--color-red btn--variant-highlight-colored-text btn--icon x',
    );
    render(<Button color="brand">Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('type', 'button');
  });
});

function ModalDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Create a collection"
        footer={<Button onClick={() => setOpen(false)}>Cancel</Button>}
      >
        <label>
          Name <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('focuses inside, keeps Tab within, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Providers>
        <ModalDemo />
      </Providers>,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Create a collection' });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectNoAxeViolations(container);

    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await screen.findByRole('button', { name: 'Open' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('Tabs', () => {
  it('moves between tabs with the arrow keys and shows one panel', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Project"
        tabs={[
          { id: 'description', label: 'Description', panel: <p>About it</p> },
          { id: 'versions', label: 'Versions', panel: <p>Version list</p> },
        ]}
      />,
    );
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Version list')).not.toBeVisible();
    screen.getByRole('tab', { name: 'Description' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Versions' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Versions' })).toHaveTextContent('Version list');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Popover', () => {
  it('opens below-end of its trigger, and Escape closes it returning focus', async () => {
    const user = userEvent.setup();
    render(
      <Popover trigger="Filters" label="Filters">
        <button type="button">Apply</button>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Filters' });
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Filters' })).toHaveAttribute('data-placement', 'bottom-end');
    screen.getByRole('button', { name: 'Apply' }).focus();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });
});

describe('ThemePicker', () => {
  it('offers retro only in developer mode or when already chosen', async () => {
    const user = userEvent.setup();
    const first = render(
      <Providers>
        <ThemePicker />
      </Providers>,
    );
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['system', 'light', 'dark', 'oled']);
    await user.click(screen.getByRole('radio', { name: 'OLED' }));
    expect(document.documentElement.dataset.theme).toBe('oled');
    expect(JSON.parse(decodeURIComponent(document.cookie.match(/cairn-cosmetics=([^;]+)/)?.[1] ?? '{}')).preferredDarkTheme).toBe('oled');
    first.unmount();

    document.cookie = `cairn-feature-flags=${encodeURIComponent('{"developerMode":true}')}; Path=/`;
    render(
      <Providers>
        <ThemePicker />
      </Providers>,
    );
    expect(screen.getByRole('radio', { name: 'Retro' })).toBeInTheDocument();
  });
});

describe('format components', () => {
  it('shows relative times with the exact date, and game versions as ranges', () => {
    render(
      <p>
        <RelativeTime date={Date.now() - 3 * 24 * 60 * 60 * 1000} /> |{' '}
        <GameVersionRanges versions={['1.20.1', '1.20', '1.19.4', '1.16.5']} allVersions={['1.20.1', '1.20', '1.19.4', '1.19.3', '1.16.5']} />
      </p>,
    );
    const time = screen.getByText('3 days ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', expect.stringMatching(/UTC$/));
    expect(screen.getByText(/1\.19\.4–1\.20\.1, 1\.16\.5/)).toBeInTheDocument();
  });
});
