import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

function Fallback({ name }: { name: string }) {
  return <p>fallback for {name}</p>;
}

describe('lazyComponent', () => {
  it('renders the loaded component', async () => {
    const Loaded = lazyComponent(async () => ({ name }: { name: string }) => <p>hello {name}</p>, Fallback);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Loaded name="ada" />
      </Suspense>,
    );
    expect(await screen.findByText('hello ada')).toBeInTheDocument();
  });

  it('renders the fallback with the same props when the code cannot be loaded', async () => {
    const Broken = lazyComponent<{ name: string }>(() => Promise.reject(new Error('network down')), Fallback);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Broken name="ada" />
      </Suspense>,
    );
    expect(await screen.findByText('fallback for ada')).toBeInTheDocument();
  });
});
