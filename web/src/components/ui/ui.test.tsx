import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n/i18n-provider';
import { PreferencesProvider } from '../../lib/preferences';
import { expectNoAxeViolations } from '../../testing/axe';
import { ThemePicker } from '../theme/theme-picker';
import { Button, buttonClassName } from './button';
import { GameVersionRanges, RelativeTime } from './format';
import { MenuButton } from './menu';
import { Modal } from './modal';
import { Popover } from './popover';
import { Tabs } from './tabs';
import { Tooltip } from './tooltip';

function Providers({ children }: { children: React.ReactNode }) {
  return (
    <PreferencesProvider>
      <I18nProvider>{children}</I18nProvider>
    </PreferencesProvider>
  );
}

describe('Button', () => {
  it('gives each look its own classes and names the colour', () => {
    const plain = buttonClassName();
    const look = buttonClassName({ size: 'small', color: 'red', variant: 'highlight-colored-text', iconOnly: true }, 'x');
    expect(look.split(' ')).toContain('x');
    expect(look.split(' ').length).toBeGreaterThan(plain.split(' ').length);
    expect(new Set(look.split(' ')).size).toBe(look.split(' ').length);
    render(<Button color="brand">Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('data-color', 'brand');
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

  it('keeps only the selected tab in the Tab order; Home and End jump to the ends', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <Tabs
        label="Project"
        onSelect={onSelect}
        tabs={[
          { id: 'a', label: 'One', panel: <p>First</p> },
          { id: 'b', label: 'Two', panel: <p>Second</p> },
          { id: 'c', label: 'Three', panel: <p>Third</p> },
        ]}
      />,
    );
    expect(screen.getByRole('tablist', { name: 'Project' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]);
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel', { name: 'Three' })).toHaveTextContent('Third');
    expect(onSelect.mock.calls.map(([id]) => id)).toEqual(['c', 'a', 'c']);
  });
});

describe('MenuButton', () => {
  function renderMenu(onSelect = vi.fn()) {
    render(
      <MemoryRouter>
        <button type="button">Elsewhere</button>
        <MenuButton
          label="Actions"
          items={[
            { key: 'report', label: 'Report', onSelect },
            { key: 'copy', label: 'Copy ID', onSelect },
            { key: 'settings', label: 'Settings', to: '/settings', current: true },
          ]}
        >
          …
        </MenuButton>
      </MemoryRouter>,
    );
    return screen.getByRole('button', { name: 'Actions' });
  }

  it('is a menu button: roles, ↓ ↑ Home End move, Escape closes returning focus', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Actions' });
    expect(trigger).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('runs the chosen action and closes; a click outside closes without choosing', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const trigger = renderMenu(onSelect);
    await user.click(trigger);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});

describe('Tooltip', () => {
  it('describes its control after a delay on focus, hides on Escape and blur', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Copy the link">
        <button type="button" aria-label="Copy the link">
          ⧉
        </button>
      </Tooltip>,
    );
    await user.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy the link');
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveAttribute('data-positioned'));
    expect(screen.getByRole('tooltip')).toHaveAttribute('data-placement', 'top');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.hover(screen.getByRole('button'));
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    await user.unhover(screen.getByRole('button'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
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

  it('closes on a click outside or when focus leaves, leaving focus where it went', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Popover trigger="Filters" label="Filters" placement="top-start">
          <button type="button">Apply</button>
        </Popover>
        <button type="button">Next</button>
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Filters' });
    await user.click(trigger);
    const panel = screen.getByRole('dialog', { name: 'Filters' });
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    await waitFor(() => expect(panel).toHaveAttribute('data-positioned'));
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(trigger);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
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
      <Providers>
        <p>
          <RelativeTime date={Date.now() - 3 * 24 * 60 * 60 * 1000} /> |{' '}
          <GameVersionRanges versions={['1.20.1', '1.20', '1.19.4', '1.16.5']} allVersions={['1.20.1', '1.20', '1.19.4', '1.19.3', '1.16.5']} />
        </p>
      </Providers>,
    );
    const time = screen.getByText('3 days ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', expect.stringMatching(/UTC$/));
    expect(screen.getByText(/1\.19\.4–1\.20\.1, 1\.16\.5/)).toBeInTheDocument();
  });
});
