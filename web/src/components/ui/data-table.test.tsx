import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { DataTable, numericCell, type SortDirection } from './data-table';

const ROWS = [
  { name: 'Anvil', size: 3 },
  { name: 'Beacon', size: 1 },
];

function SortedTable() {
  const [direction, setDirection] = useState<SortDirection>('ascending');
  const rows = [...ROWS].sort((a, b) => (direction === 'ascending' ? a.size - b.size : b.size - a.size));
  return (
    <DataTable
      caption="Files"
      columns={[
        { key: 'name', label: 'Name' },
        { key: 'size', label: 'Size', numeric: true, sorted: direction, onSort: () => setDirection(direction === 'ascending' ? 'descending' : 'ascending') },
        { key: 'actions', label: 'Actions', hideLabel: true },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.name}>
          <th scope="row">{row.name}</th>
          <td className={numericCell}>{row.size}</td>
          <td />
        </tr>
      ))}
    </DataTable>
  );
}

describe('DataTable', () => {
  it('names the table by its caption, scopes its headers and sorts from a header button', async () => {
    const { container } = render(<SortedTable />);
    const table = screen.getByRole('table', { name: 'Files' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    const size = within(table).getByRole('columnheader', { name: 'Size' });
    expect(size).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Beacon', 'Anvil']);
    await userEvent.click(within(size).getByRole('button', { name: 'Size' }));
    expect(size).toHaveAttribute('aria-sort', 'descending');
    expect(within(table).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Anvil', 'Beacon']);
    await expectNoAxeViolations(container);
  });

  it('says so in one row across the table when there are no rows', () => {
    render(
      <DataTable aria-label="Nodes" columns={[{ key: 'a', label: 'A' }, { key: 'b', label: 'B' }]} empty="No nodes yet">
        {[]}
      </DataTable>,
    );
    const cell = screen.getByRole('cell', { name: 'No nodes yet' });
    expect(cell).toHaveAttribute('colspan', '2');
  });
});
