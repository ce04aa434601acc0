// The achievements feature as other features see it: badges are awarded inside the transaction that
// earns them.
export { awardAchievements } from './achievements.service.ts';
