import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TabStrip } from './tab-strip';

/**
 * jsdom lays nothing out: each test gives the strip and its links the boxes a browser would, so the
 * strip can tell a row from a column and what overflows.
 */
function layOut(strip: HTMLElement, { width, column = false, tabWidth = 100 }: { width: number; column?: boolean; tabWidth?: number }) {
  const links = [...strip.querySelectorAll('a')];
  Object.defineProperty(strip, 'scrollLeft', { configurable: true, writable: true, value: 0 });
  Object.defineProperty(strip, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(strip, 'scrollWidth', { configurable: true, get: () => (column ? width : links.length * tabWidth) });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const index = links.indexOf(this as HTMLAnchorElement);
    if (index < 0) return new DOMRect(0, 0, width, 40);
    const left = column ? 0 : index * tabWidth - strip.scrollLeft;
    return new DOMRect(left, column ? index * 40 : 0, column ? width : tabWidth, 40);
  });
}

function Strip({ current = 'One' }: { current?: string }) {
  return (
    <TabStrip aria-label="Sections">
      {['One', 'Two', 'Three', 'Four', 'Five'].map((name) => (
        <a key={name} href={`#${name}`} aria-current={name === current ? 'page' : undefined}>
          {name}
        </a>
      ))}
    </TabStrip>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('TabStrip', () => {
  it('moves focus along a row of links with ← → Home End, wrapping at the ends', async () => {
    const user = userEvent.setup();
    render(<Strip />);
    layOut(screen.getByRole('navigation', { name: 'Sections' }), { width: 1000 });
    screen.getByRole('link', { name: 'One' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('link', { name: 'Two' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('link', { name: 'Five' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('link', { name: 'One' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('link', { name: 'Five' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('link', { name: 'One' })).toHaveFocus();
    // Up and down are left to the page in a row.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'One' })).toHaveFocus();
  });

  it('uses ↑ ↓ when the links stand in a column (a side navigation on wide screens)', async () => {
    const user = userEvent.setup();
    render(<Strip />);
    layOut(screen.getByRole('navigation', { name: 'Sections' }), { width: 260, column: true });
    screen.getByRole('link', { name: 'One' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Two' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('link', { name: 'Five' })).toHaveFocus();
  });

  it('shows a scroll cue at each edge that hides tabs, and scrolls the current tab into view', () => {
    const { container, rerender } = render(<Strip />);
    const strip = screen.getByRole('navigation', { name: 'Sections' });
    layOut(strip, { width: 250 });
    // Five tabs of 100 px in 250 px: more to the right only.
    act(() => strip.dispatchEvent(new Event('scroll')));
    const [left, right] = [...container.querySelectorAll('button')];
    expect(left).not.toBeVisible();
    expect(right).toBeVisible();
    // The cues are for pointers: out of the Tab order and hidden from screen readers.
    expect(right).toHaveAttribute('tabindex', '-1');
    expect(right).toHaveAttribute('aria-hidden', 'true');

    // The last tab becomes the current one: the strip scrolls it to the middle.
    rerender(<Strip current="Five" />);
    return vi.waitFor(() => {
      expect(strip.scrollLeft).toBeGreaterThan(0);
      expect(left).toBeVisible();
    });
  });

  it('lets a tab list select the tab the arrows moved to', async () => {
    const user = userEvent.setup();
    const onMove = vi.fn();
    render(
      <TabStrip as="div" role="tablist" aria-label="Panel" onMove={(item) => onMove(item.textContent)}>
        <button type="button" role="tab" aria-selected="true">
          A
        </button>
        <button type="button" role="tab" aria-selected="false" tabIndex={-1}>
          B
        </button>
      </TabStrip>,
    );
    screen.getByRole('tab', { name: 'A' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'B' })).toHaveFocus();
    expect(onMove).toHaveBeenCalledWith('B');
  });
});
