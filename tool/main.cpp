// archscan: every command, option and setting is declared in the option
// table (config/options.cpp) and run by cli/.
#include "cli/commands.h"

int main(int argc, char** argv) { return archscan::runCommandLine(argc, argv); }
