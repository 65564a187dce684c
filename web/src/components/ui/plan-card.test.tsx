import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { IntervalPicker, PlanCard, PlanFeatures, PlanNote } from './plan-card';

describe('PlanCard', () => {
  it('names a plan by its heading and offers the interval as radio buttons', async () => {
    function Plan() {
      const [interval, setInterval] = useState<'monthly' | 'yearly'>('monthly');
      return (
        <ul>
          <PlanCard
            as="li"
            name="Small"
            nameId="plan-small"
            features={
              <PlanFeatures>
                <li>2 GB</li>
              </PlanFeatures>
            }
            price={interval === 'monthly' ? '$5 a month' : '$50 a year'}
            note={<PlanNote tone="orange">2 left</PlanNote>}
          >
            <IntervalPicker
              legend="Billed"
              name="interval"
              options={[
                { value: 'monthly', label: 'Monthly' },
                { value: 'yearly', label: 'Yearly' },
              ]}
              value={interval}
              onChange={setInterval}
            />
          </PlanCard>
        </ul>
      );
    }
    const { container } = render(<Plan />);
    expect(screen.getByRole('listitem', { name: 'Small' })).toHaveTextContent('$5 a month');
    await userEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByRole('listitem', { name: 'Small' })).toHaveTextContent('$50 a year');
    expect(screen.getByRole('group', { name: 'Billed' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
