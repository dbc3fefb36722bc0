import { COMMANDS, commandsInSection, type CommandDefinition, type GuideSectionId } from '@app/domain';
import { createContext, useContext } from 'react';

/** The commands the guides render: the registry, or a fixture registry in tests. */
export const CommandRegistry = createContext<readonly CommandDefinition[]>(COMMANDS);

export function useCommandRegistry(): readonly CommandDefinition[] {
  return useContext(CommandRegistry);
}

/** The commands of one guide section, in registry order. */
export function useSectionCommands(section: GuideSectionId): CommandDefinition[] {
  return commandsInSection(section, useContext(CommandRegistry));
}
