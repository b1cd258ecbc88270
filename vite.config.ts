import { defineConfig } from 'vite';

// The site arrives with its own issue; until then Vite serves only what public/ holds.
export default defineConfig({
  base: './',
});
