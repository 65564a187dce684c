import { describe, expect, it } from 'vitest';
import { destinationProblem } from './webhook-destinations.js';

const strict = { allowHttp: false, allowHosts: [] };

describe('webhook destinations', () => {
  it('accepts public https URLs on any port', () => {
    expect(destinationProblem('https://hooks.example.org/cairn', strict)).toBeUndefined();
    expect(destinationProblem('https://hooks.example.org:8443/cairn?x=1', strict)).toBeUndefined();
  });

  it('refuses http unless development allows it', () => {
    expect(destinationProblem('http://hooks.example.org/cairn', strict)).toBe('must be an https URL');
    expect(destinationProblem('http://hooks.example.org/cairn', { ...strict, allowHttp: true })).toBeUndefined();
  });

  it('refuses other schemes, credentials and text that is no URL', () => {
    expect(destinationProblem('ftp://hooks.example.org/', strict)).toMatch(/must be an http or https URL/);
    expect(destinationProblem('https://user:secret@hooks.example.org/', strict)).toMatch(/user name or password/);
    expect(destinationProblem('hooks.example.org/cairn', strict)).toMatch(/absolute URL/);
  });

  it('refuses this machine and private addresses unless the exact host:port is on the allow-list', () => {
    expect(destinationProblem('https://127.0.0.1/', strict)).toBe('must not point at a loopback address');
    expect(destinationProblem('https://[::1]:8443/', strict)).toBe('must not point at a loopback address');
    expect(destinationProblem('https://10.1.2.3/', strict)).toBe('must not point at a private address');
    expect(destinationProblem('https://169.254.169.254/', strict)).toBe('must not point at a link-local address');
    expect(destinationProblem('https://localhost/', strict)).toBe('must not point at this machine');
    expect(destinationProblem('https://app.localhost/', strict)).toBe('must not point at this machine');
    const allowed = { allowHttp: true, allowHosts: ['127.0.0.1:4567'] };
    expect(destinationProblem('http://127.0.0.1:4567/hook', allowed)).toBeUndefined();
    expect(destinationProblem('http://127.0.0.1:4568/hook', allowed)).toBe('must not point at a loopback address');
  });
});
