/** The console's entry (built into dist/newsroom by astro.config.mjs's newsroomConsole integration, ADR 017). */
import { createRoot } from 'react-dom/client';
import { Console } from './Console.tsx';
import './tokens.css';
import './console.css';

const root = document.getElementById('console');
if (root) createRoot(root).render(<Console />);
