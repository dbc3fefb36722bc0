import { startClient } from './app/start-client.tsx';
import './styles/global.css';

void startClient(document.getElementById('root')!);
