// fflate's unzip, a chunk of its own that "Open your model" fetches with the first .zip (most
// students never open one). A module rather than import('fflate'): the bundler keeps only what a
// static import names, and the whole library for a dynamic one.
export { unzip } from 'fflate';
