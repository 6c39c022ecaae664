export { systemClock, type Clock } from './clock';
export { timerSleep, type Sleep } from './sleep';
export { fnv1a32 } from './fnv1a';
