import { serveInChild } from '../../isolation/child-provider.ts';
import { createLocalProvider } from './index.ts';

/** The local provider's work, in a child process of the worker (see isolated.ts). */
serveInChild(createLocalProvider());
