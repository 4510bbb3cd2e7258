// The zone bodies are shared with the web app's admin screen.
export * from '@app/contracts/zones';
