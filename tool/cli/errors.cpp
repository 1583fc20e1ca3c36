#include "cli/errors.h"

#include <iostream>

#include "analyze/baseline.h"
#include "arch/parse.h"
#include "cli/output_file.h"
#include "cli/usage_error.h"
#include "config/config.h"
#include "knowledge/knowledge.h"
#include "patch/apply.h"
#include "patch/patchset.h"

namespace archscan {

int guarded(const std::function<int()>& command) {
  try {
    return command();
  } catch (const ArchError& e) {
    std::cerr << "archscan: " << e.what() << "\n";
  } catch (const KnowledgeError& e) {
    std::cerr << "archscan: " << e.what() << "\n";
  } catch (const UsageError& e) {
    std::cerr << "archscan: " << e.what() << "\n";
  } catch (const OutputError& e) {
    std::cerr << "archscan: " << e.what() << "\n";
  } catch (const ConfigError& e) {
    std::cerr << "archscan: " << e.what() << "\n";
  } catch (const BaselineError& e) {
    std::cerr << "archscan: " << e.what() << "\n";
  } catch (const PatchError& e) {
    std::cerr << "archscan: " << e.what() << "\n";
  } catch (const ApplyError& e) {
    std::cerr << "archscan: " << e.what() << "\n";
  }
  return 2;
}

}  // namespace archscan
